/** Apple Wallet and Google Wallet passes of a card; other modules ask through the wallet service. */
export type { WalletService } from './service.js';
