import { textOn, type Locale } from '@enlaza/contracts';
import { documentOf, footer, type PageAssets } from './document.js';
import { pageStrings } from './strings.js';
import { html } from './template.js';

/** A team's public directory: its name and each assigned, public card (photo, name, title, link). */
export type TeamDirectory = {
  team: { name: string; alias: string; color: string };
  members: { name: string; jobTitle: string | null; photoUrl: string | null; path: string }[];
};

/** `/link/{team-alias}`: the team's people, each a link to their card; complete without JavaScript. */
export function renderDirectoryPage(directory: TeamDirectory, options: { locale: Locale; assets: PageAssets; url: string }): string {
  const t = pageStrings(options.locale);
  const { team, members } = directory;
  const style = `--pp-color:${team.color};--pp-on-color:${textOn(team.color)}`;
  const body = html`<main class="pp-page" style="${style}"><section class="pp-card pp-directory" aria-labelledby="pp-directory-title" data-testid="team-directory">
<div class="pp-body">
<h1 id="pp-directory-title" class="pp-name">${team.name}</h1>
<p class="pp-subtitle">${t('directory.intro', { team: team.name })}</p>
${
  members.length === 0
    ? html`<p>${t('directory.empty')}</p>`
    : html`<ul class="pp-links pp-section" aria-label="${t('directory.list', { team: team.name })}">${members.map(
        (member) =>
          html`<li><a class="pp-link" href="${member.path}" data-testid="team-directory-member">${member.photoUrl ? html`<img src="${member.photoUrl}" alt="" width="40" height="40" loading="lazy" decoding="async"> ` : null}<span>${member.name}</span>${member.jobTitle ? html` <small>${member.jobTitle}</small>` : null}</a></li>`,
      )}</ul>`
}
</div></section></main>
${footer(t)}`;
  const head = html`<meta name="description" content="${t('directory.intro', { team: team.name })}">
<link rel="canonical" href="${options.url}">
<meta name="theme-color" content="${team.color}">`;
  return documentOf({
    locale: options.locale,
    title: `${team.name} · Enlaza`,
    head,
    body,
    assets: { ...options.assets, js: null },
  });
}
