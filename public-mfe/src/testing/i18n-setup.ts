// The specs that render a component alone (without App and its SiteI18nProvider) read the
// site's words in English: an instance made as the site makes one, read by the components
// with no provider above them.
import { createI18n, setFallbackI18n } from '../lib/i18n';

setFallbackI18n(createI18n('en'));
