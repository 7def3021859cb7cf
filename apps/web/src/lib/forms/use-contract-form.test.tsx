import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { TextInput } from '@mantine/core';
import { z } from 'zod';
import { FormGeneralError } from '@/components/form-general-error';
import { ApiError } from '@/lib/api-error';
import { render } from '@/test/render';
import { useContractForm } from './use-contract-form';

const schema = z.object({
  name: z.string().trim().min(2).max(40),
  email: z.string().trim().pipe(z.email().max(254)),
  note: z.string().max(500),
});

/** A form on `schema`; `answer` plays the server's reply to a valid submit. */
function Harness({ answer, onBody }: { answer?: unknown; onBody?: (body: unknown) => void }) {
  const form = useContractForm(schema, {
    initialValues: { name: '', email: '', note: '' },
    messages: { note: 'Your own sentence for the note.' },
  });
  const submit = form.onSubmit((body) => {
    onBody?.(body);
    if (answer) form.setServerError(answer);
  });
  return (
    <form onSubmit={submit} noValidate>
      <FormGeneralError error={form.generalError} testId="general" />
      <TextInput label="Name" {...form.field('name')} data-testid="name" />
      <TextInput label="Email" {...form.field('email')} data-testid="email" />
      <TextInput label="Note" {...form.field('note')} data-testid="note" />
      <button type="submit">Save</button>
    </form>
  );
}

async function setup(props: Parameters<typeof Harness>[0] = {}) {
  await render(<Harness {...props} />);
  const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
  const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  return { type, submit };
}

const fieldError = (testId: string) => {
  const id = screen
    .getByTestId(testId)
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((x) => x.endsWith('-error'));
  return id ? document.getElementById(id)?.textContent : undefined;
};

describe('useContractForm', () => {
  it('reads the required marks and max lengths from the schema', async () => {
    await setup();
    const name = screen.getByTestId<HTMLInputElement>('name');
    expect(name.maxLength).toBe(40);
    expect(name.required).toBe(true);
    expect(screen.getByTestId<HTMLInputElement>('email').maxLength).toBe(254);
    expect(screen.getByTestId<HTMLInputElement>('note').required).toBe(false);
  });

  it("shows the client's errors in the API's words on their fields, focuses the first, and sends nothing", async () => {
    const onBody = vi.fn();
    const { type, submit } = await setup({ onBody });
    type('email', 'not an email');
    type('note', 'x'.repeat(501));
    submit();
    expect(onBody).not.toHaveBeenCalled();
    expect(fieldError('name')).toBe('This field is required.');
    expect(fieldError('email')).toBe('Enter a valid email address.');
    expect(fieldError('note')).toBe('Your own sentence for the note.');
    expect(document.activeElement).toBe(screen.getByTestId('name'));
  });

  it('hands the parsed body to the submit (trimmed as the contract says) once every field passes', async () => {
    const onBody = vi.fn();
    const { type, submit } = await setup({ onBody });
    type('name', '  Ana ');
    type('email', 'ana@example.com ');
    submit();
    expect(onBody).toHaveBeenCalledWith({ name: 'Ana', email: 'ana@example.com', note: '' });
  });

  it("puts the server's field error on its field and focuses it, with no general error", async () => {
    const refusal = new ApiError({
      message: 'Some fields are not valid.',
      status: 422,
      code: 'validation.failed',
      fieldErrors: { email: ['An account with this email already exists.'] },
      serverMessage: 'Some fields are not valid.',
    });
    const { type, submit } = await setup({ answer: refusal });
    type('name', 'Ana');
    type('email', 'ana@example.com');
    submit();
    expect(fieldError('email')).toBe('An account with this email already exists.');
    expect(document.activeElement).toBe(screen.getByTestId('email'));
    expect(screen.queryByTestId('general')).toBeNull();
  });

  it('shows an error that belongs to no field once, above the form', async () => {
    const { type, submit } = await setup({ answer: new ApiError({ message: 'fetch failed', status: 0, code: 'network_error' }) });
    type('name', 'Ana');
    type('email', 'ana@example.com');
    submit();
    expect(screen.getByTestId('general').textContent).toContain('The server could not be reached.');
    expect(screen.getByRole('alert')).toBeTruthy();
  });

  it('shows a server field error for a field the form does not have as the general error', async () => {
    const refusal = new ApiError({
      message: 'Some fields are not valid.',
      status: 422,
      fieldErrors: { accountTypeId: ['Choose an existing item from the list.'] },
      serverMessage: 'Some fields are not valid. Check them and try again.',
    });
    const { type, submit } = await setup({ answer: refusal });
    type('name', 'Ana');
    type('email', 'ana@example.com');
    submit();
    expect(screen.getByTestId('general').textContent).toBe('Some fields are not valid. Check them and try again.');
  });
});
