/** The SMTP servers' public surface: what the campaign sender reads of them (its service comes through ctx.services). */
export type { SendingRelay, SmtpRelaySource, SmtpRelaysService } from './service.js';
