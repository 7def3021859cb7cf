import RichTextEditorImpl from './rich-text-editor-impl';

export interface RichTextEditorProps {
  label: string;
  /** HTML. */
  value: string;
  onChange: (html: string) => void;
  error?: string | undefined;
  /** An email template's editor: the "insert merge field" menu, a divider, an image from the cloud and a button. */
  mergeFields?: boolean;
  minHeight?: number;
  testId?: string;
}

/**
 * The shared rich-text editor (walls, templates); pages that use it load the `editor` namespace.
 * Tiptap arrives only with the lazily loaded pages that import this file (Muros, Plantillas): the
 * public page and the sign-in page are separate builds that never include it.
 */
export function RichTextEditor(props: RichTextEditorProps) {
  return <RichTextEditorImpl {...props} />;
}
