import { useId, useState, type CSSProperties, type ReactNode } from 'react';
import { Anchor, Avatar, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PublicProfile } from '@enlaza/contracts';
import { formatPhone } from '@/lib/phone-input';
import { ProfileIcon, type IconName } from './icons';
import { NetworkIcon } from './network-icons';
import '@mantine/core/styles/Avatar.css';
import './public-profile.css';

export interface PublicProfileViewProps {
  profile: PublicProfile;
  /** The owner's preview: link clicks are not reported and the children (contact form) are disabled. */
  preview?: boolean;
  /** Called when a visitor follows one of the profile's links (website, social, custom). */
  onLinkClick?: (url: string) => void;
  /** Buttons under the name (save contact, share…). */
  actions?: ReactNode;
  /** Shown at the end of the card (the contact form…). */
  children?: ReactNode;
}

/**
 * The owner picks any theme colour, light ones too (#ffe066): text on tinted or outlined buttons
 * keeps the page's text colour, the theme colour stays for backgrounds and borders.
 */
const READABLE_TEXT = { '--button-color': 'var(--mantine-color-text)', '--badge-color': 'var(--mantine-color-text)' } as CSSProperties;

type SocialNetwork = NonNullable<PublicProfile['card']>['socialLinks'][number]['network'];

/** Brand names are not translated. */
const NETWORK_NAMES: Record<Exclude<SocialNetwork, 'other'>, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  x: 'X',
  linkedin: 'LinkedIn',
  tiktok: 'TikTok',
  youtube: 'YouTube',
  github: 'GitHub',
  whatsapp: 'WhatsApp',
  telegram: 'Telegram',
};

function hostOf(url: string): string {
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/** The address without its scheme and trailing slash, as people write it. */
function displayUrl(url: string): string {
  return url.replace(/^https?:\/\//, '').replace(/\/$/, '');
}

function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => [...word][0]?.toUpperCase() ?? '')
    .join('');
}

export function mapUrl(address: string): string {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;
}

function phoneText(e164: string): string {
  return formatPhone(e164, '').display || e164;
}

interface ContactItem {
  key: string;
  icon: IconName;
  href: string;
  text: string;
  label?: string | null;
  /** An outbound web link (counted as a link click). */
  counted?: boolean;
}

function ContactList({ items, onFollow, label }: { items: ContactItem[]; onFollow: (url: string) => void; label: string }) {
  if (items.length === 0) return null;
  return (
    <ul className="pp-contacts" aria-label={label}>
      {items.map((item) => (
        <li key={item.key}>
          <span className="pp-contact-icon">
            <ProfileIcon name={item.icon} />
          </span>
          <div className="pp-contact-text">
            {/* In the text colour (a theme colour may be too light to read); the icon carries the colour. */}
            <Anchor href={item.href} onClick={item.counted ? () => onFollow(item.href) : undefined} fw={500} c="var(--mantine-color-text)">
              {item.text}
            </Anchor>
            {item.label ? (
              <Text size="xs" c="dimmed">
                {item.label}
              </Text>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}

/** The photo, or the initials when there is none (or it cannot be loaded). */
function ProfilePhoto({ profile, size }: { profile: PublicProfile; size: number }) {
  return (
    <div aria-hidden="true" className="pp-avatar-frame">
      <Avatar src={profile.photoUrl} alt="" size={size} radius={size} color={profile.theme.color} variant="filled" autoContrast className="pp-avatar" data-testid="public-profile-photo">
        {initialsOf(profile.name)}
      </Avatar>
    </div>
  );
}

function Cover({ profile }: { profile: PublicProfile }) {
  const [broken, setBroken] = useState<string | null>(null);
  const src = profile.coverUrl && broken !== profile.coverUrl ? profile.coverUrl : null;
  return (
    <div className="pp-cover" data-testid="public-profile-cover">
      {src ? <img src={src} alt="" onError={() => setBroken(src)} /> : null}
    </div>
  );
}

function LostBanner({ tag, contactForm }: { tag: NonNullable<PublicProfile['tag']>; contactForm: boolean }) {
  const { t } = useTranslation('public-profile');
  const id = useId();
  return (
    <section className="pp-lost" aria-labelledby={id} data-testid="public-profile-lost">
      <Group gap="xs" wrap="nowrap" align="center">
        <ProfileIcon name="alert" size={26} />
        <Title order={2} size="h3" id={id} c="inherit">
          {t(`lost.title.${tag.tagKind}`)}
        </Title>
      </Group>
      {tag.lostNote ? <Text className="pp-multiline">{tag.lostNote}</Text> : null}
      {tag.reward ? (
        <Group gap={6} wrap="nowrap" align="flex-start">
          <ProfileIcon name="gift" />
          <Text fw={700}>{t('lost.reward', { reward: tag.reward })}</Text>
        </Group>
      ) : null}
      <Text size="sm">{contactForm ? t('lost.hintForm') : t('lost.hint')}</Text>
    </section>
  );
}

/**
 * A card or tag as visitors see it, in its theme (colour, layout classic / centered / banner).
 * Used by the public page and by the owner's preview.
 */
export function PublicProfileView({ profile, preview = false, onLinkClick, actions, children }: PublicProfileViewProps) {
  const { t } = useTranslation('public-profile');
  const titleId = useId();
  const { card, tag, theme } = profile;
  const follow = (url: string) => {
    if (!preview) onLinkClick?.(url);
  };
  const centered = theme.layout !== 'classic';
  const hasCover = theme.layout !== 'centered';

  const subtitle = card ? [card.jobTitle, card.company].filter(Boolean).join(' · ') : null;

  const contacts: ContactItem[] = [];
  if (card) {
    card.phones.forEach((phone, i) => contacts.push({ key: `phone-${i}`, icon: 'phone', href: `tel:${phone.number}`, text: phoneText(phone.number), label: phone.label }));
    card.emails.forEach((email, i) => contacts.push({ key: `email-${i}`, icon: 'mail', href: `mailto:${email.email}`, text: email.email, label: email.label }));
    if (card.website) contacts.push({ key: 'website', icon: 'globe', href: card.website, text: displayUrl(card.website), label: t('fields.website'), counted: true });
    if (card.address) contacts.push({ key: 'address', icon: 'pin', href: mapUrl(card.address), text: card.address, label: t('fields.mapLink') });
  }
  const owner = tag?.ownerContact ?? null;
  const ownerItems: ContactItem[] = owner
    ? [
        ...(owner.phone ? [{ key: 'owner-phone', icon: 'phone' as const, href: `tel:${owner.phone}`, text: phoneText(owner.phone) }] : []),
        { key: 'owner-email', icon: 'mail' as const, href: `mailto:${owner.email}`, text: owner.email },
      ]
    : [];

  return (
    <article
      className="pp-card"
      data-layout={theme.layout}
      data-kind={profile.kind}
      style={{ '--pp-color': theme.color } as CSSProperties}
      aria-labelledby={titleId}
      data-testid="public-profile-view"
    >
      {tag?.lostMode ? <LostBanner tag={tag} contactForm={profile.contactForm} /> : null}
      {hasCover ? <Cover profile={profile} /> : null}
      <div className="pp-body">
        <Stack gap="xs" align={centered ? 'center' : 'flex-start'} ta={centered ? 'center' : 'left'} className="pp-identity">
          <ProfilePhoto profile={profile} size={112} />
          <div>
            <Title order={preview ? 2 : 1} size="h2" id={titleId} className="pp-name" data-testid="public-profile-name">
              {profile.name}
            </Title>
            {subtitle ? (
              <Text c="dimmed" fw={500}>
                {subtitle}
              </Text>
            ) : null}
            {tag ? (
              <Badge variant="light" color={theme.color} mt={6} style={READABLE_TEXT}>
                {t(`tagKinds.${tag.tagKind}`)}
              </Badge>
            ) : null}
          </div>
        </Stack>

        {actions ? (
          <Group gap="sm" justify={centered ? 'center' : 'flex-start'} className="pp-actions">
            {actions}
          </Group>
        ) : null}

        {card?.bio ? <Text className="pp-multiline pp-bio">{card.bio}</Text> : null}
        {tag?.description ? <Text className="pp-multiline pp-bio">{tag.description}</Text> : null}

        <ContactList items={contacts} onFollow={follow} label={t('sections.contact')} />

        {owner ? (
          <section className="pp-section" aria-labelledby={`${titleId}-owner`} data-testid="public-profile-owner">
            <Title order={preview ? 3 : 2} size="h5" id={`${titleId}-owner`} mb={4}>
              {t('sections.owner', { name: owner.name })}
            </Title>
            <ContactList items={ownerItems} onFollow={follow} label={t('sections.owner', { name: owner.name })} />
          </section>
        ) : null}

        {card && card.socialLinks.length > 0 ? (
          <Group gap="xs" justify={centered ? 'center' : 'flex-start'} className="pp-section" role="list" aria-label={t('sections.social')}>
            {card.socialLinks.map((link, i) => (
              <div role="listitem" key={`${link.network}-${i}`}>
                <Button
                  component="a"
                  href={link.url}
                  variant="light"
                  color={theme.color}
                  style={{ ...READABLE_TEXT, '--button-bd': `1px solid ${theme.color}` }}
                  size="sm"
                  radius="xl"
                  leftSection={<NetworkIcon network={link.network} size={16} />}
                  onClick={() => follow(link.url)}
                  data-testid="public-profile-social"
                >
                  {link.network === 'other' ? hostOf(link.url) : NETWORK_NAMES[link.network]}
                </Button>
              </div>
            ))}
          </Group>
        ) : null}

        {card && card.customLinks.length > 0 ? (
          <ul className="pp-links pp-section" aria-label={t('sections.links')}>
            {card.customLinks.map((link, i) => (
              <li key={`${link.url}-${i}`}>
                <Button component="a" href={link.url} variant="outline" color={theme.color} style={READABLE_TEXT} size="md" radius="md" fullWidth onClick={() => follow(link.url)} data-testid="public-profile-link">
                  {link.label}
                </Button>
              </li>
            ))}
          </ul>
        ) : null}

        {children ? (
          <fieldset className="pp-slot" disabled={preview}>
            {children}
          </fieldset>
        ) : null}
      </div>
    </article>
  );
}
