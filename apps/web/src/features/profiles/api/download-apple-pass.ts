import { downloadFile } from '@/lib/download-file';

/** `GET /api/wallet/cards/{id}/apple`: downloads the card's .pkpass (Safari on an iPhone or a Mac offers to add it to Wallet). */
export const downloadApplePass = (id: string) => downloadFile(`/api/wallet/cards/${encodeURIComponent(id)}/apple`, 'card.pkpass');
