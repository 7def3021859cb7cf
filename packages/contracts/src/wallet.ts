import { z } from 'zod';

/** Which wallets this site makes passes for (each hidden until its certificates or keys are configured). */
export const walletAvailabilitySchema = z.object({ apple: z.boolean(), google: z.boolean() });
export type WalletAvailability = z.infer<typeof walletAvailabilitySchema>;

/** The "Save to Google Wallet" address of a card (https://pay.google.com/gp/v/save/<signed JWT>). */
export const googleWalletLinkSchema = z.object({ url: z.url() });
export type GoogleWalletLink = z.infer<typeof googleWalletLinkSchema>;
