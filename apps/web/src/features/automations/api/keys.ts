import { automationPeoplePageSchema, automationSchema, okResponse } from '@enlaza/contracts';

/** Query keys of my automations: `all` is also the list's (and covers each one and its people). */
export const automationKeys = {
  all: ['automations'] as const,
  one: (id: string) => ['automations', id] as const,
  people: (id: string) => ['automations', id, 'people'] as const,
  templates: ['automations', 'templates'] as const,
};

/** The answer that holds one automation. */
export const automationAnswer = okResponse(automationSchema);

/** A page of the people in an automation (`meta.nextCursor`, null on the last page). */
export const enrolmentPageSchema = automationPeoplePageSchema;

/** The path of one automation, or of one of its parts (`steps/{id}`, `activate`…). */
export const automationPath = (id: string, ...rest: string[]) =>
  ['/api/automations', encodeURIComponent(id), ...rest.map(encodeURIComponent)].join('/');
