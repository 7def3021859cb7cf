import { okResponse, templateSchema } from '@enlaza/contracts';

/** Query keys of my email templates. */
export const templateKeys = {
  all: ['templates'] as const,
  list: (search: string) => [...templateKeys.all, 'list', search] as const,
  one: (id: string) => [...templateKeys.all, 'one', id] as const,
};

/** The answer that holds one template. */
export const templateAnswer = okResponse(templateSchema);
