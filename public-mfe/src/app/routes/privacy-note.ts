// The privacy note's text (`/privacy`), one version per language of the site, said as plainly
// as the counting is done (README, "Visit insights"): what is counted, what is not, who is
// never counted, how long the totals are kept and how the owner deletes them.

export interface PrivacyFacts {
  /** Months the daily totals are kept (the API's INSIGHTS_RETENTION_MONTHS); unknown while loading. */
  retentionMonths?: number;
}

export interface PrivacyNote {
  /** The language it is written in. */
  language: string;
  title: string;
  description: string;
  lead: string;
  sections: { heading: string; items: string[] }[];
}

const NOTES: Record<string, (facts: PrivacyFacts) => Omit<PrivacyNote, 'language'>> = {
  en: ({ retentionMonths }) => ({
    title: 'Privacy',
    description:
      'What this site counts about visits and what it does not: no cookies, no third-party scripts, no addresses kept.',
    lead: 'This site counts its visits to learn which pages and products people find useful, without knowing who you are.',
    sections: [
      {
        heading: 'What is counted',
        items: [
          'Each page viewed: the page and the day.',
          'Where a visit came from: only the other site’s name (such as google.com), never the page you were on.',
          'The kind of device: phone, tablet or computer.',
          'Taps on the WhatsApp, call and e-mail links, and the enquiry and call-back forms sent.',
          'Visitors per day. Your connection’s address and your browser’s name are mixed with a secret that changes every day into a code that cannot be turned back. At the end of the day the code and the secret are deleted, so today’s visit cannot be linked to tomorrow’s.',
        ],
      },
      {
        heading: 'What is not kept',
        items: [
          'No cookies, and nothing saved in your browser’s storage.',
          'No third-party script: nothing about your visit goes to Google, Facebook or any other service.',
          'Your IP address and your browser’s user agent are never stored.',
          'No record of single visits: only totals per day.',
        ],
      },
      {
        heading: 'Who is not counted at all',
        items: [
          'Search engines and other robots.',
          'The studio’s own people when signed in, and the admin pages.',
          'Browsers that ask not to be tracked (Do Not Track or Global Privacy Control).',
          'Pages your browser only fetches ahead of time and you never open.',
        ],
      },
      {
        heading: 'How long, and deleting',
        items: [
          retentionMonths
            ? `The daily totals are kept for ${retentionMonths} ${retentionMonths === 1 ? 'month' : 'months'}, then deleted on their own.`
            : 'The daily totals are kept for a limited number of months, then deleted on their own.',
          'The site’s owner can delete every statistic at any time, from the insights page of the admin area.',
        ],
      },
    ],
  }),
  hi: ({ retentionMonths }) => ({
    title: 'गोपनीयता',
    description:
      'यह साइट विज़िट के बारे में क्या गिनती है और क्या नहीं: न कुकी, न किसी तीसरे पक्ष की स्क्रिप्ट, न कोई पता सहेजा जाता है।',
    lead: 'यह जानने के लिए कि लोगों को कौन-से पेज और उत्पाद काम के लगते हैं, यह साइट अपनी विज़िट गिनती है, आपकी पहचान जाने बिना।',
    sections: [
      {
        heading: 'क्या गिना जाता है',
        items: [
          'देखा गया हर पेज: कौन-सा पेज और किस दिन।',
          'विज़िट कहाँ से आई: केवल दूसरी साइट का नाम (जैसे google.com), वह पेज कभी नहीं जिस पर आप थे।',
          'डिवाइस का प्रकार: फ़ोन, टैबलेट या कंप्यूटर।',
          'WhatsApp, कॉल और ई-मेल लिंक पर टैप, और भेजे गए पूछताछ व कॉल-बैक फ़ॉर्म।',
          'हर दिन के विज़िटर। आपके कनेक्शन का पता और ब्राउज़र का नाम हर दिन बदलने वाली एक गुप्त कुंजी के साथ मिलाकर ऐसा कोड बनाया जाता है जिसे वापस नहीं पलटा जा सकता। दिन ख़त्म होने पर कोड और कुंजी दोनों मिटा दिए जाते हैं, इसलिए आज की विज़िट को कल की विज़िट से जोड़ा नहीं जा सकता।',
        ],
      },
      {
        heading: 'क्या नहीं रखा जाता',
        items: [
          'कोई कुकी नहीं, और आपके ब्राउज़र के स्टोरेज में कुछ भी सहेजा नहीं जाता।',
          'किसी तीसरे पक्ष की स्क्रिप्ट नहीं: आपकी विज़िट की कोई जानकारी Google, Facebook या किसी और सेवा को नहीं जाती।',
          'आपका IP पता और ब्राउज़र का यूज़र एजेंट कभी सहेजे नहीं जाते।',
          'अलग-अलग विज़िट का कोई रिकॉर्ड नहीं: केवल हर दिन के कुल आँकड़े।',
        ],
      },
      {
        heading: 'किसे बिल्कुल नहीं गिना जाता',
        items: [
          'सर्च इंजन और दूसरे रोबोट।',
          'साइन इन किए हुए स्टूडियो के अपने लोग, और एडमिन पेज।',
          'वे ब्राउज़र जो ट्रैक न करने को कहते हैं (Do Not Track या Global Privacy Control)।',
          'वे पेज जिन्हें आपका ब्राउज़र पहले से लोड कर लेता है पर आप कभी खोलते नहीं।',
        ],
      },
      {
        heading: 'कितने समय तक, और मिटाना',
        items: [
          retentionMonths
            ? `हर दिन के कुल आँकड़े ${retentionMonths} महीने तक रखे जाते हैं, फिर अपने-आप मिट जाते हैं।`
            : 'हर दिन के कुल आँकड़े कुछ महीनों तक रखे जाते हैं, फिर अपने-आप मिट जाते हैं।',
          'साइट के मालिक एडमिन क्षेत्र के इनसाइट्स पेज से कभी भी सारे आँकड़े मिटा सकते हैं।',
        ],
      },
    ],
  }),
};

/** The note in `locale` (the site's default language, English, for one it is not written in). */
export function privacyNote(locale: string, facts: PrivacyFacts): PrivacyNote {
  const language = NOTES[locale] ? locale : 'en';
  return { language, ...NOTES[language](facts) };
}

/** The languages the note is written in. */
export const PRIVACY_NOTE_LANGUAGES = Object.keys(NOTES);
