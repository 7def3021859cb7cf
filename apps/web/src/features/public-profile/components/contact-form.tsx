import { useId, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, Group, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { contactMessageBodySchema, type PublicProfile } from '@enlaza/contracts';
import { ApiError } from '@/lib/http';
import { PhoneInput } from '@/lib/phone-input';
import { ProfileIcon } from '@/components/public-profile/icons';
import { useSendContactMessage } from '../api/send-contact-message';
import { LocationShare, type SharedLocation } from './location-share';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/InlineInput.css';

type Field = 'name' | 'email' | 'phone' | 'message' | 'consent' | 'location';
type FieldErrors = Partial<Record<Field, string>>;
const FIELDS: readonly Field[] = ['name', 'email', 'phone', 'message', 'consent', 'location'];

const emailSchema = contactMessageBodySchema.shape.email;
const MESSAGE_MAX = 5000;

/** The server's first message per field (`location.lat` counts as `location`). */
export function fieldErrorsOf(errors: Record<string, string[]> | undefined): FieldErrors {
  const out: FieldErrors = {};
  for (const [key, messages] of Object.entries(errors ?? {})) {
    const field = key.split('.')[0] as Field;
    if (FIELDS.includes(field) && !out[field] && messages[0]) out[field] = messages[0];
  }
  return out;
}

/**
 * The contact form of a public card or tag: name, email, phone, message, consent; for a lost tag, the
 * finder's location when they choose to share it. `website` is a honeypot people never see.
 */
export function ContactForm({ profile }: { profile: PublicProfile }) {
  const { t } = useTranslation('public-profile');
  const mutation = useSendContactMessage(profile.alias, profile.id);
  const formRef = useRef<HTMLFormElement>(null);
  const successRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const honeypotId = useId();

  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState<string | null>(null);
  const [phoneValid, setPhoneValid] = useState(true);
  const [message, setMessage] = useState('');
  const [consent, setConsent] = useState(false);
  const [location, setLocation] = useState<SharedLocation | null>(null);
  const [website, setWebsite] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sent, setSent] = useState(false);

  const lostTag = profile.tag?.lostMode === true;
  const title = profile.kind === 'card' ? t('form.titleCard', { name: profile.name }) : lostTag ? t('form.titleLost') : t('form.titleTag');

  const clearError = (field: Field) => setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));

  const focusFirstError = () => {
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (mutation.isPending) return;
    const local: FieldErrors = {};
    if (!name.trim()) local.name = t('form.errors.nameRequired');
    if (!email.trim()) local.email = t('form.errors.emailRequired');
    else if (!emailSchema.safeParse(email.trim()).success) local.email = t('form.errors.emailInvalid');
    if (!phoneValid) local.phone = t('form.errors.phoneInvalid');
    if (!message.trim()) local.message = t('form.errors.messageRequired');
    setErrors(local);
    if (Object.keys(local).length > 0) {
      mutation.reset();
      focusFirstError();
      return;
    }
    mutation.mutate(
      { name: name.trim(), email: email.trim(), phone, message: message.trim(), consent, location: lostTag ? location : null, website },
      {
        onSuccess: () => {
          setSent(true);
          requestAnimationFrame(() => successRef.current?.focus());
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 422) {
            const fieldErrors = fieldErrorsOf(error.fieldErrors);
            setErrors(fieldErrors);
            if (Object.keys(fieldErrors).length > 0) focusFirstError();
          }
        },
      },
    );
  };

  const sendAnother = () => {
    // Who is writing stays; the message, its consent and the location are for one message only.
    setMessage('');
    setConsent(false);
    setLocation(null);
    setErrors({});
    setSent(false);
    mutation.reset();
  };

  const failure = mutation.error;
  let generalError: string | null = null;
  if (failure) {
    if (failure instanceof ApiError && failure.status === 429) {
      generalError = failure.retryAfter ? t('form.errors.rateLimitedFor', { minutes: Math.max(1, Math.ceil(failure.retryAfter / 60)) }) : t('form.errors.rateLimited');
    } else if (failure instanceof ApiError && failure.status === 422 && Object.keys(fieldErrorsOf(failure.fieldErrors)).length > 0) {
      generalError = null;
    } else if (failure instanceof ApiError && failure.status === 0) {
      generalError = t('form.errors.network');
    } else if (failure instanceof ApiError && failure.status === 404) {
      generalError = t('form.errors.unavailable');
    } else {
      generalError = (failure instanceof ApiError && failure.serverMessage) || t('form.errors.generic');
    }
  }

  return (
    <section aria-labelledby={titleId} className="pp-contact-form" data-testid="contact-form-section">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id={titleId}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {lostTag ? t('form.introLost') : t('form.intro')}
          </Text>
        </div>

        {sent ? (
          <div ref={successRef} tabIndex={-1} role="status" data-testid="contact-form-success">
            <Alert color="teal" title={t('form.sentTitle')} icon={<ProfileIcon name="check" />}>
              <Stack gap="sm" align="flex-start">
                <Text size="sm">{t('form.sentBody', { name: profile.kind === 'card' ? profile.name : t('form.theOwner') })}</Text>
                <Button size="xs" variant="light" color="teal" onClick={sendAnother} data-testid="contact-form-again">
                  {t('form.sendAnother')}
                </Button>
              </Stack>
            </Alert>
          </div>
        ) : (
          <form ref={formRef} onSubmit={submit} noValidate aria-labelledby={titleId} data-testid="contact-form">
            <Stack gap="md">
              {generalError ? (
                <Alert color="red" role="alert" title={t('form.errors.title')} data-testid="contact-form-error">
                  {generalError}
                </Alert>
              ) : null}
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput
                  label={t('form.name')}
                  value={name}
                  onChange={(event) => {
                    setName(event.currentTarget.value);
                    clearError('name');
                  }}
                  error={errors.name}
                  required
                  autoComplete="name"
                  maxLength={100}
                  data-testid="contact-name"
                />
                <TextInput
                  label={t('form.email')}
                  type="email"
                  value={email}
                  onChange={(event) => {
                    setEmail(event.currentTarget.value);
                    clearError('email');
                  }}
                  error={errors.email}
                  required
                  autoComplete="email"
                  maxLength={254}
                  data-testid="contact-email"
                />
              </SimpleGrid>
              <PhoneInput
                label={t('form.phone')}
                description={t('form.phoneHint')}
                value={phone}
                error={errors.phone}
                name="phone"
                onChange={(next, _country, details) => {
                  setPhone(next);
                  // An empty field is fine; a number being typed must be complete.
                  setPhoneValid(details.valid || details.text.trim() === '');
                  clearError('phone');
                }}
              />
              <Textarea
                label={t('form.message')}
                value={message}
                onChange={(event) => {
                  setMessage(event.currentTarget.value);
                  clearError('message');
                }}
                error={errors.message}
                required
                autosize
                minRows={4}
                maxRows={12}
                maxLength={MESSAGE_MAX}
                description={t('form.messageCount', { length: message.length, max: MESSAGE_MAX })}
                inputWrapperOrder={['label', 'input', 'description', 'error']}
                data-testid="contact-message"
              />
              {lostTag ? (
                <LocationShare
                  value={location}
                  onChange={(next) => {
                    setLocation(next);
                    clearError('location');
                  }}
                  error={errors.location}
                />
              ) : null}
              <Checkbox
                checked={consent}
                onChange={(event) => {
                  setConsent(event.currentTarget.checked);
                  clearError('consent');
                }}
                label={profile.kind === 'card' ? t('form.consent', { name: profile.name }) : t('form.consentOwner')}
                error={errors.consent}
                data-testid="contact-consent"
              />
              {/* Honeypot: people never see nor reach it; bots that fill every field give themselves away. */}
              <div className="pp-honeypot" aria-hidden="true">
                <label htmlFor={honeypotId}>{t('form.honeypot')}</label>
                <input
                  id={honeypotId}
                  type="text"
                  name="website"
                  tabIndex={-1}
                  autoComplete="off"
                  value={website}
                  onChange={(event) => setWebsite(event.currentTarget.value)}
                  data-testid="contact-website"
                />
              </div>
              <Group justify="flex-end">
                <Button type="submit" loading={mutation.isPending} color={profile.theme.color} autoContrast leftSection={<ProfileIcon name="send" size={16} />} data-testid="contact-submit">
                  {t('form.submit')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </section>
  );
}
