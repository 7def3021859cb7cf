import { PageLinkCard } from './page-link-card';

/** Opciones: where webhooks are set up (their own page, with each endpoint's delivery log). */
export const WebhooksLinkCard = () => <PageLinkCard area="webhooks" to="/user/webhooks" />;
