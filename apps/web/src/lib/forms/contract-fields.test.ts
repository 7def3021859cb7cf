import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  addCardSchema,
  adminExtendSubscriptionSchema,
  emailChangeBodySchema,
  personalInfoUpdateSchema,
  profileInputSchema,
  registerBodySchema,
} from '@enlaza/contracts';
import { contractField } from './contract-fields';

describe("a field's marks read from its contract", () => {
  it('takes the max length of a text, through a pipe (the email limit is on its output side)', () => {
    expect(contractField(emailChangeBodySchema, 'newEmail')).toEqual({ required: true, maxLength: 254 });
    expect(contractField(emailChangeBodySchema, 'password')).toEqual({ required: true, maxLength: 1024, minLength: 1 });
  });

  it('marks a text required only when it cannot be left out and an empty one is refused', () => {
    expect(contractField(personalInfoUpdateSchema, 'name').required).toBe(true);
    expect(contractField(personalInfoUpdateSchema, 'taxId')).toEqual({ required: false, maxLength: 40 });
    expect(contractField(z.object({ note: z.string().max(10) }), 'note')).toEqual({ required: false, maxLength: 10 });
    expect(contractField(registerBodySchema, 'alias').required).toBe(true);
  });

  it('walks into nested objects, whether the group may be left out or not', () => {
    expect(contractField(personalInfoUpdateSchema, 'billingAddress.line1')).toEqual({ required: true, maxLength: 200, minLength: 1 });
    expect(contractField(personalInfoUpdateSchema, 'billingAddress.line2')).toEqual({ required: false, maxLength: 200 });
  });

  it('never marks a checkbox required, but does a choice that must be ticked', () => {
    expect(contractField(addCardSchema, 'makeDefault').required).toBe(false);
    expect(contractField(registerBodySchema, 'acceptPolicy').required).toBe(true);
  });

  it("takes a list's most rows and a number's bounds", () => {
    const card = profileInputSchema.options[0];
    expect(contractField(card, 'card.phones')).toEqual({ required: false, maxItems: 5 });
    expect(contractField(card, 'card.customLinks.0.label')).toEqual({ required: true, maxLength: 60, minLength: 1 });
    expect(contractField(adminExtendSubscriptionSchema, 'days')).toEqual({ required: true, min: 1, max: 366 });
    expect(contractField(z.object({ n: z.number().int() }), 'n')).toEqual({ required: true });
  });

  it('knows nothing of a field the contract does not have', () => {
    expect(contractField(emailChangeBodySchema, 'confirm')).toEqual({ required: false });
    expect(contractField(personalInfoUpdateSchema, 'billingAddress.line1.x')).toEqual({ required: false });
  });
});
