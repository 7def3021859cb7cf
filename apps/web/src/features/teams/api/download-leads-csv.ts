import { downloadFile } from '@/lib/download-file';

/** `GET /api/team/leads.csv`: every message of every team card, as the mailbox's CSV (BOM, quoted cells); answers the file's name. */
export const downloadLeadsCsv = (): Promise<string> => downloadFile('/api/team/leads.csv', 'team-leads.csv');
