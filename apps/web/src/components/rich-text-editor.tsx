import { useEffect, useId, type CSSProperties } from 'react';
import { Button, Input, Menu } from '@mantine/core';
import { RichTextEditor as MantineEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import Image from '@tiptap/extension-image';
import StarterKit from '@tiptap/starter-kit';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/components/use-locale';
import { EMAIL_THEME, MERGE_FIELD_NAMES, MERGE_FIELDS } from '@enlaza/contracts';
import { EmailBlocks } from './email-blocks';
import './rich-text-editor.css';

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
 * The shared rich-text editor (Mantine's Tiptap toolbar; walls, templates): bold, italic, underline,
 * strike, headings, lists, link, blockquote; for email templates (`mergeFields`) also a divider, an
 * image from the cloud, a button and the merge fields. Only markup the server's allow-list keeps can
 * be made here; the server sanitises anyway. Pages that use it load the `editor` namespace. Tiptap
 * arrives only with the lazily loaded pages that import this file (Muros, Plantillas): the public
 * page and the sign-in page are separate builds that never include it.
 */
/** The email theme's button colours, for rich-text-editor.css: a button in the editor looks as the email draws it. */
const EMAIL_BUTTON_VARIABLES = {
  '--email-button': EMAIL_THEME.light.button,
  '--email-button-text': EMAIL_THEME.light.buttonText,
  '--email-button-dark': EMAIL_THEME.dark.button,
  '--email-button-text-dark': EMAIL_THEME.dark.buttonText,
} as CSSProperties;

export function RichTextEditor({ label, value, onChange, error, mergeFields = false, minHeight = 180, testId }: RichTextEditorProps) {
  const { t } = useTranslation('editor', { useSuspense: false });
  // The fields as the user's language names them (every language's names work in any template).
  const names = MERGE_FIELD_NAMES[useLocale()];
  const labelId = useId();
  const errorId = useId();
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        code: false,
        codeBlock: false,
        heading: { levels: [2, 3, 4] },
        link: { openOnClick: false, protocols: ['http', 'https', 'mailto', 'tel'] },
      }),
      ...(mergeFields ? [Image] : []),
    ],
    content: value,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        'aria-labelledby': labelId,
        'aria-multiline': 'true',
        role: 'textbox',
        ...(error ? { 'aria-invalid': 'true', 'aria-describedby': errorId } : {}),
        ...(testId ? { 'data-testid': testId } : {}),
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  });
  // A value set from outside (a template loaded after the editor opened) replaces the content.
  useEffect(() => {
    if (editor && value !== editor.getHTML() && !(value === '' && editor.isEmpty)) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const labels: Partial<RichTextEditorLabels> = {
    boldControlLabel: t('bold'),
    italicControlLabel: t('italic'),
    underlineControlLabel: t('underline'),
    strikeControlLabel: t('strike'),
    h2ControlLabel: t('h2'),
    h3ControlLabel: t('h3'),
    bulletListControlLabel: t('bulletList'),
    orderedListControlLabel: t('orderedList'),
    linkControlLabel: t('link'),
    unlinkControlLabel: t('unlink'),
    blockquoteControlLabel: t('blockquote'),
    hrControlLabel: t('divider'),
    linkEditorInputLabel: t('linkUrl'),
    linkEditorInputPlaceholder: 'https://example.com',
    linkEditorSave: t('save'),
    linkEditorExternalLink: t('linkExternal'),
    linkEditorInternalLink: t('linkInternal'),
    undoControlLabel: t('undo'),
    redoControlLabel: t('redo'),
  };

  return (
    <Input.Wrapper label={<span id={labelId}>{label}</span>} error={error ? <span id={errorId}>{error}</span> : undefined}>
      <MantineEditor
        editor={editor}
        labels={labels}
        styles={{ content: { minHeight } }}
        {...(mergeFields ? { className: 'email-template-editor', style: EMAIL_BUTTON_VARIABLES } : {})}
      >
        <MantineEditor.Toolbar>
          <MantineEditor.ControlsGroup>
            <MantineEditor.Bold />
            <MantineEditor.Italic />
            <MantineEditor.Underline />
            <MantineEditor.Strikethrough />
          </MantineEditor.ControlsGroup>
          <MantineEditor.ControlsGroup>
            <MantineEditor.H2 />
            <MantineEditor.H3 />
          </MantineEditor.ControlsGroup>
          <MantineEditor.ControlsGroup>
            <MantineEditor.BulletList />
            <MantineEditor.OrderedList />
            <MantineEditor.Blockquote />
          </MantineEditor.ControlsGroup>
          <MantineEditor.ControlsGroup>
            <MantineEditor.Link />
            <MantineEditor.Unlink />
          </MantineEditor.ControlsGroup>
          {mergeFields ? (
            <MantineEditor.ControlsGroup>
              <MantineEditor.Hr />
            </MantineEditor.ControlsGroup>
          ) : null}
          {mergeFields ? <EmailBlocks editor={editor} /> : null}
          {mergeFields ? (
            <Menu position="bottom-start" withinPortal>
              <Menu.Target>
                <Button size="compact-sm" variant="default" data-testid="merge-field-menu">
                  {t('insertField')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {MERGE_FIELDS.map((field) => (
                  <Menu.Item key={field} onClick={() => editor?.chain().focus().insertContent(`{{${names[field]}}}`).run()}>
                    {t(`fields.${field}`)} <code>{`{{${names[field]}}}`}</code>
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          ) : null}
        </MantineEditor.Toolbar>
        <MantineEditor.Content />
      </MantineEditor>
    </Input.Wrapper>
  );
}
