/** Leads into the CRM: nothing for other modules to import (the mailbox reads links through the `crmLinks` hook). */
export type { CrmService } from './service.js';
