import { collectionSchema, okResponse, profileSchema, type ProfileKind } from '@enlaza/contracts';

/** Folders (carpetas) or labels (etiquetas). */
export type CollectionType = 'folders' | 'labels';
export interface CollectionBody {
  kind: ProfileKind;
  name: string;
  color: string;
}

/** Query keys of my folders and labels: by type, then by the kind of profile they hold (my profiles' are in lib/api/profile-keys.ts). */
export const collectionKeys = {
  all: ['collections'] as const,
  ofType: (type: CollectionType) => ['collections', type] as const,
  of: (type: CollectionType, kind: ProfileKind) => ['collections', type, kind] as const,
};

/** Query keys of the wallet passes. */
export const walletKeys = { availability: ['wallet', 'availability'] as const };

/** The answer that holds one folder or label. */
export const collectionAnswer = okResponse(collectionSchema);
/** The answer that holds one card or tag. */
export const profileAnswer = okResponse(profileSchema);
