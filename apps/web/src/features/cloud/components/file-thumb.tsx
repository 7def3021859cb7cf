import { AspectRatio, Center, Image, Paper, Text } from '@mantine/core';
import type { CloudFile } from '@enlaza/contracts';

const LABELS: Record<string, string> = {
  'application/pdf': 'PDF',
  'application/msword': 'DOC',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'DOCX',
  'application/vnd.ms-excel': 'XLS',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'XLSX',
  'application/vnd.ms-powerpoint': 'PPT',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'PPTX',
  'application/vnd.oasis.opendocument.text': 'ODT',
  'application/vnd.oasis.opendocument.spreadsheet': 'ODS',
  'application/vnd.oasis.opendocument.presentation': 'ODP',
};
const COLORS: Record<string, string> = { pdf: 'red', document: 'blue', image: 'teal' };

export const typeLabel = (file: CloudFile) => LABELS[file.mimeType] ?? file.mimeType.replace(/^image\//, '').toUpperCase();

/** The image itself, or a coloured tile with the document's type, at a fixed ratio. */
export function FileThumb({ file, ratio = 4 / 3, size = 'lg' }: { file: CloudFile; ratio?: number; size?: 'sm' | 'lg' }) {
  return (
    <AspectRatio ratio={ratio}>
      {file.kind === 'image' ? (
        <Image src={file.url} alt="" fit="cover" radius="sm" loading="lazy" />
      ) : (
        <Paper radius="sm" bg={`var(--mantine-color-${COLORS[file.kind]}-light)`}>
          <Center h="100%">
            <Text fw={700} size={size === 'lg' ? 'lg' : 'xs'} c={`${COLORS[file.kind]}`} aria-hidden="true">
              {typeLabel(file)}
            </Text>
          </Center>
        </Paper>
      )}
    </AspectRatio>
  );
}
