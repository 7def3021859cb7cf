export { RETRY_DAYS, REMINDER_DAYS, type RenewalRun, type RenewalsService } from './service.js';
