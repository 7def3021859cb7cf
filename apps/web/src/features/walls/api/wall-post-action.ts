import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WallPost, WallPostInput, WallPostPublishBody } from '@enlaza/contracts';
import { wallKeys } from './keys';
import { pinWallPost } from './pin-wall-post';
import { publishWallPost } from './publish-wall-post';
import { saveWallPost } from './save-wall-post';
import { trashWallPost } from './trash-wall-post';

export type WallPostAction =
  | { type: 'save'; input: WallPostInput }
  | { type: 'publish'; body: WallPostPublishBody }
  | { type: 'pin'; pinned: boolean }
  | { type: 'trash' };

/** One change to a post, by the call of its kind. */
export function runWallPostAction(id: string | null, action: WallPostAction): Promise<WallPost> {
  if (action.type === 'save') return saveWallPost(id, action.input);
  if (action.type === 'publish') return publishWallPost(id, action.body);
  if (action.type === 'pin') return pinWallPost(id, action.pinned);
  return trashWallPost(id);
}

/** Every change to a post, then the list is read again. */
export function useWallPostAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string | null; action: WallPostAction }) => runWallPostAction(id, action),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: wallKeys.posts }),
  });
}
