import { PageLinkCard } from './page-link-card';

/** Opciones: where HubSpot and Salesforce are connected (their own page, with each connection's sync log). */
export const CrmLinkCard = () => <PageLinkCard area="crm" to="/user/crm" />;
