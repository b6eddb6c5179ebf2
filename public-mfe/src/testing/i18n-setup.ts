// The specs that render a component alone (without App and its SiteI18nProvider) read the
// site's words in English, as react-i18next's documentation has tests do: an instance made
// as the site makes one, given to react-i18next for components with no provider above them.
import { setI18n } from 'react-i18next';
import { createI18n } from '../lib/i18n';

setI18n(createI18n('en'));
