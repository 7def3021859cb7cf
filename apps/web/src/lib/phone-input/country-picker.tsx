import { useEffect, useMemo, useState } from 'react';
import { Combobox, Group, Text, UnstyledButton, useCombobox } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { countryOption, filterCountries, listCountries } from './countries';

/** Width of the country list, a constant of the inherited product. */
export const COUNTRY_LIST_WIDTH = 390;

export interface CountryPickerProps {
  /** ISO code of the selected country. */
  value: string;
  onChange: (country: string) => void;
  disabled?: boolean;
  /** Called after a country is picked, so the phone field can take the focus. */
  onPicked?: () => void;
}

/** A button showing the flag and dial code that opens a searchable list of countries. */
export function CountryPicker({ value, onChange, disabled, onPicked }: CountryPickerProps) {
  const { t, i18n } = useTranslation('phone');
  const [search, setSearch] = useState('');
  const current = useMemo(() => countryOption(value, i18n.language), [value, i18n.language]);

  const combobox = useCombobox({
    onDropdownClose: (source) => {
      combobox.resetSelectedOption();
      setSearch('');
      // Escape returns the focus to the button; a click elsewhere leaves it where it went.
      if (source === 'keyboard') combobox.focusTarget();
    },
    onDropdownOpen: () => {
      combobox.focusSearchInput();
      // Highlight and scroll to the current country once the options are in the DOM.
      requestAnimationFrame(() => combobox.updateSelectedOptionIndex('active', { scrollIntoView: true }));
    },
  });

  // While searching, the first match is the one Enter picks.
  useEffect(() => {
    if (search) combobox.selectFirstOption();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the store is stable enough; run on each query
  }, [search]);

  // The name starts with what the button shows (the flag and the dialling code, as one piece of
  // text), so a voice command saying what is seen reaches it.
  const label = current
    ? t('countryButton', { shown: `${current.flag}${current.dialCode}`, country: current.name })
    : t('countryButtonEmpty');

  return (
    <Combobox
      store={combobox}
      width={COUNTRY_LIST_WIDTH}
      position="bottom-start"
      shadow="md"
      styles={{ dropdown: { maxWidth: 'calc(100vw - 16px)' } }}
      onOptionSubmit={(code) => {
        onChange(code);
        combobox.closeDropdown();
        onPicked?.();
      }}
    >
      <Combobox.Target targetType="button" withAriaAttributes={false}>
        <UnstyledButton
          type="button"
          data-testid="phone-country-button"
          aria-label={label}
          title={label}
          aria-haspopup="listbox"
          aria-expanded={combobox.dropdownOpened}
          disabled={disabled}
          onClick={() => combobox.toggleDropdown()}
          h="100%"
          px={8}
          style={{ display: 'flex', alignItems: 'center', gap: 4, whiteSpace: 'nowrap' }}
        >
          <span aria-hidden="true" style={{ fontSize: '1.15em', lineHeight: 1 }}>
            {current?.flag}
          </span>
          <Text span size="sm" c="dimmed">
            {current?.dialCode}
          </Text>
          <Combobox.Chevron size="xs" aria-hidden="true" />
        </UnstyledButton>
      </Combobox.Target>

      <Combobox.Dropdown data-testid="phone-country-list">
        <Combobox.Search
          data-testid="phone-country-search"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          placeholder={t('searchPlaceholder')}
          aria-label={t('searchLabel')}
        />
        <Combobox.Options mah={280} style={{ overflowY: 'auto' }} aria-label={t('listLabel')}>
          {combobox.dropdownOpened && <CountryOptions language={i18n.language} search={search} value={value} noResults={t('noResults')} />}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}

/**
 * The list's options, rendered only while the list is open: a Combobox keeps its closed dropdown in
 * the page (hidden), so the ~245 options were built and rendered again at every key typed in the
 * phone field, with nobody seeing them.
 */
function CountryOptions({ language, search, value, noResults }: { language: string; search: string; value: string; noResults: string }) {
  const countries = useMemo(() => listCountries(language), [language]);
  const filtered = useMemo(() => filterCountries(countries, search), [countries, search]);
  const options = useMemo(
    () =>
      filtered.map((country) => (
        <Combobox.Option
          key={country.code}
          value={country.code}
          active={country.code === value}
          data-country={country.code}
          aria-label={`${country.name} ${country.dialCode}`}
        >
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              <span aria-hidden="true">{country.flag}</span>
              <Text size="sm" truncate>
                {country.name}
              </Text>
            </Group>
            {/* A space between the name and the code in the option's text (not drawn: flex items), as its name has one (WCAG 2.5.3). */}{' '}
            <Text size="sm" className="country-dial-code" style={{ flexShrink: 0 }}>
              {country.dialCode}
            </Text>
          </Group>
        </Combobox.Option>
      )),
    [filtered, value],
  );
  return filtered.length === 0 ? <Combobox.Empty>{noResults}</Combobox.Empty> : options;
}
