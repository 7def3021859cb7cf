import { z } from 'zod';

/**
 * The merge fields an email template may use, written `{{nombre}}` (spaces inside the braces are
 * allowed). Nothing else is interpreted: no code, no filters, no loops. An unknown field is refused
 * when the template is saved (`template.unknown_field`).
 */
export const MERGE_FIELDS = ['nombre', 'email', 'perfil_url', 'baja_url'] as const;
export const mergeFieldSchema = z.enum(MERGE_FIELDS);
export type MergeField = z.infer<typeof mergeFieldSchema>;
export type MergeValues = Record<MergeField, string>;
