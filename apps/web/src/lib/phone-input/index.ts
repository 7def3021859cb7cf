export { PhoneInput, PHONE_PLACEHOLDER, PHONE_MAX_LENGTH, type PhoneInputProps, type PhoneChangeDetails } from './phone-input';
export { CountryPicker, COUNTRY_LIST_WIDTH } from './country-picker';
export { countryOption, listCountries, filterCountries, flagEmoji, dialCodeOf, toIntlLocale, type CountryOption } from './countries';
export { formatPhone, toE164, fromE164, displayPhone } from './phone-format';
export {
  lookupCountry,
  parseCountryReply,
  countryLookupUrl,
  detectCountryOnce,
  COUNTRY_LOOKUP_ERROR,
  DEFAULT_COUNTRY_LOOKUP_URL,
} from './country-lookup';
