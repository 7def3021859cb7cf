export type { OptionsService } from './service.js';
