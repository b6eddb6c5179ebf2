/**
 * The demo content in Hindi (issue 36): the second of the demo's languages (DEMO_LANGUAGES),
 * written for every project, service and settings text, with slugs in Latin transliteration.
 * Keyed by the English name, as demo-content.ts names each. One project, Sky Poplin, has no
 * Hindi description, so that the fallback to English shows on a demo site.
 */

/** A project's own words in Hindi; its client, place and size come from the maps below. */
export interface HindiProduct {
  name: string;
  heading: string;
  slug: string;
}

export const HINDI_PRODUCTS: Record<string, HindiProduct> = {
  'Indigo Dabu Cotton': {
    name: 'नील दाबू सूती',
    heading: 'बगरू में हाथ से मिट्टी-रोधी छपाई',
    slug: 'neel-dabu-sooti',
  },
  'Sanganeri Floral Cotton': {
    name: 'सांगानेरी फूलदार सूती',
    heading: 'मुलायम सूती पर बारीक ब्लॉक छपाई',
    slug: 'sanganeri-phooldar-sooti',
  },
  'Kala Cotton Stripe': {
    name: 'काला कॉटन धारीदार',
    heading: 'कच्छ की बारानी कपास, गड्ढा करघों पर बुनी',
    slug: 'kala-cotton-dhaaridaar',
  },
  'Madras Check Cotton': {
    name: 'मद्रास चेक सूती',
    heading: 'रंगे धागों से बुने चटख चेक',
    slug: 'madras-check-sooti',
  },
  'Organic Cambric': {
    name: 'जैविक कैम्ब्रिक',
    heading: 'हल्का, हवादार, बिना रंगा',
    slug: 'jaivik-cambric',
  },
  'Ajrakh Cotton': {
    name: 'अजरख सूती',
    heading: 'प्राकृतिक नील और मजीठ, दोनों ओर छपा',
    slug: 'ajrakh-sooti',
  },
  'Natural Flax Linen': {
    name: 'प्राकृतिक अलसी लिनन',
    heading: 'पत्थर से धुला, हर धुलाई के साथ और मुलायम',
    slug: 'prakritik-alsi-linen',
  },
  'Sage Linen': {
    name: 'सेज हरा लिनन',
    heading: 'कपड़ा बनने के बाद शांत हरे रंग में रंगा',
    slug: 'sage-hara-linen',
  },
  'Linen Herringbone': {
    name: 'लिनन हेरिंगबोन',
    heading: 'असबाब के लिए एक पुरानी, भरोसेमंद टवील',
    slug: 'linen-herringbone',
  },
  'Terracotta Linen': {
    name: 'टेराकोटा लिनन',
    heading: 'धूप में पकी मिट्टी के रंग',
    slug: 'terracotta-linen',
  },
  'Pinstripe Linen': {
    name: 'पिनस्ट्राइप लिनन',
    heading: 'सिलाई लायक़ वज़न, कड़क छुअन',
    slug: 'pinstripe-linen',
  },
  'Handspun Khadi': {
    name: 'हाथ-कती खादी',
    heading: 'वर्धा में हाथ से काती और बुनी',
    slug: 'haath-kati-khadi',
  },
  'Khadi Silk Blend': {
    name: 'खादी रेशम मिश्रण',
    heading: 'देहाती बुनावट पर हल्की-सी चमक',
    slug: 'khadi-resham-mishran',
  },
  'Indigo Khadi': {
    name: 'नील खादी',
    heading: 'नाँद में रंगी, हर थान थोड़ा अलग',
    slug: 'neel-khadi',
  },
  'Khadi Jamdani': {
    name: 'खादी जामदानी',
    heading: 'बूटे बुने हुए, छपे नहीं',
    slug: 'khadi-jamdani',
  },
  'Striped Khadi': {
    name: 'धारीदार खादी',
    heading: 'कुर्तों और कमीज़ों के लिए रोज़ का वज़न',
    slug: 'dhaaridaar-khadi',
  },
  'Charcoal Khadi': {
    name: 'कोयला रंग खादी',
    heading: 'गहरा स्लेटी, घनी बुनाई',
    slug: 'koyla-rang-khadi',
  },
  'White Shirting Poplin': {
    name: 'सफ़ेद शर्टिंग पॉपलिन',
    heading: 'कड़क 100s दो-प्लाई',
    slug: 'safed-shirting-poplin',
  },
  'Sky Poplin': {
    name: 'आसमानी पॉपलिन',
    heading: 'हल्का नीला, चिकना और ठंडा',
    slug: 'aasmani-poplin',
  },
  'Micro Check Poplin': {
    name: 'माइक्रो चेक पॉपलिन',
    heading: 'औपचारिक कमीज़ों के लिए छोटे चेक',
    slug: 'micro-check-poplin',
  },
  'Printed Poplin Paisley': {
    name: 'छपा पॉपलिन कैरी बूटा',
    heading: 'डिजिटल छपाई, पक्का रंग',
    slug: 'chhapa-poplin-kairi-boota',
  },
  'Bengal Stripe Poplin': {
    name: 'बंगाल धारी पॉपलिन',
    heading: 'चौड़ी धारियाँ, हल्का वज़न',
    slug: 'bengal-dhaari-poplin',
  },
  'Recycled Poly Drape': {
    name: 'पुनर्चक्रित पॉली पर्दा',
    heading: 'फेंकी गई बोतलों से बना, रेशम-सा लहराता',
    slug: 'punarchakrit-poly-parda',
  },
  'Poly Satin Lining': {
    name: 'पॉली साटन अस्तर',
    heading: 'जैकेट और थैलों के लिए चिकना अस्तर',
    slug: 'poly-satin-astar',
  },
  'Outdoor Canvas': {
    name: 'बाहरी कैनवास',
    heading: 'पानी से बचाव, धूप में टिकाऊ',
    slug: 'bahari-canvas',
  },
  'Blackout Weave': {
    name: 'ब्लैकआउट बुनाई',
    heading: 'कमरे में अँधेरा करने वाला पर्दे का कपड़ा',
    slug: 'blackout-bunai',
  },
  'Printed Georgette': {
    name: 'छपा जॉर्जेट',
    heading: 'दुपट्टों के लिए लहराती छपाई',
    slug: 'chhapa-georgette',
  },
  'Cotton Linen Oatmeal': {
    name: 'सूती लिनन जई रंग',
    heading: 'रोज़मर्रा के असबाब का मिश्रण',
    slug: 'sooti-linen-jai-rang',
  },
  'Cotton Linen Ikat': {
    name: 'सूती लिनन इकत',
    heading: 'बुना हुआ इकत, लिनन से मुलायम',
    slug: 'sooti-linen-ikat',
  },
  'Cotton Linen Check': {
    name: 'सूती लिनन चेक',
    heading: 'रसोई और मेज़ के कपड़े',
    slug: 'sooti-linen-check',
  },
  'Cotton Linen Slub': {
    name: 'सूती लिनन स्लब',
    heading: 'असमान धागे, जीवंत सतह',
    slug: 'sooti-linen-slub',
  },
  'Cotton Linen Stripe': {
    name: 'सूती लिनन धारी',
    heading: 'गद्दियों के लिए शामियाने जैसी धारियाँ',
    slug: 'sooti-linen-dhaari',
  },
  'Cotton Linen Dobby': {
    name: 'सूती लिनन डॉबी',
    heading: 'छोटी-सी बुनी हुई बनावट',
    slug: 'sooti-linen-dobby',
  },
};

/** The demo project left without a Hindi description: its Hindi page falls back to English. */
export const UNTRANSLATED_DESCRIPTION = 'Sky Poplin';

/** The categories, clients, places, sizes and states the demo uses, in Hindi. */
export const HINDI_WORDS: Record<string, string> = {
  Cotton: 'सूती',
  Linen: 'लिनन',
  Khadi: 'खादी',
  Poplin: 'पॉपलिन',
  Polyester: 'पॉलिएस्टर',
  'Cotton Linen': 'सूती लिनन',
  Architecture: 'वास्तुकला',
  Landscape: 'भूदृश्य',
  'Vastu Consultancy': 'वास्तु परामर्श',
  'Modular Kitchen': 'मॉड्यूलर रसोई',
  'Studio collection': 'स्टूडियो संग्रह',
  Fabindia: 'फ़ैबइंडिया',
  'Raymond Made to Measure': 'रेमंड मेड टू मेज़र',
  'Taj Lake Palace': 'ताज लेक पैलेस',
  Jaipur: 'जयपुर',
  Ajrakhpur: 'अजरखपुर',
  Wardha: 'वर्धा',
  Phulia: 'फुलिया',
  Pochampally: 'पोचमपल्ली',
  '44 in width': '44 इंच चौड़ा',
  '54 in width': '54 इंच चौड़ा',
  'In stock': 'स्टॉक में',
  'Taking projects': 'नए काम ले रहे हैं',
  'Waiting list': 'प्रतीक्षा सूची',
  Available: 'उपलब्ध',
};

/** A demo project's Hindi description, as the English one is made. */
export function hindiProductDescription(heading: string, size: string, location: string): string {
  return `<p>${heading}।</p><ul><li>चौड़ाई: ${size}</li><li>${location} में बना</li></ul>`;
}

export interface HindiService {
  name: string;
  heading: string;
  description: string;
  slug: string;
}

export const HINDI_SERVICES: Record<string, HindiService> = {
  'Courtyard Houses': {
    name: 'आँगन वाले घर',
    heading: 'रोशनी और हवा के इर्द-गिर्द बने घर',
    description:
      '<p>पहले रेखाचित्र से <strong>आख़िरी टाइल</strong> तक: आँगन के चारों ओर बने घर, आर-पार बहती हवा और स्थानीय पत्थर के साथ।</p><ul><li>स्थल का अध्ययन और संकल्पना</li><li>निर्माण के नक़्शे</li><li>स्थल पर देखरेख</li></ul>',
    slug: 'aangan-vale-ghar',
  },
  'Boutique Retail Interiors': {
    name: 'बुटीक दुकानों के इंटीरियर',
    heading: 'दुकानें जो ब्रांड जैसी लगें',
    description: '<p>स्टूडियो और बुटीक की साज-सज्जा, स्थानीय कारीगरों के बनाए फ़र्नीचर और फ़िटिंग के साथ।</p>',
    slug: 'boutique-dukanon-ke-interior',
  },
  'Heritage Restoration': {
    name: 'विरासत का जीर्णोद्धार',
    heading: 'पुरानी हवेलियाँ, नया जीवन',
    description: '<p>चूने का पलस्तर, जालियाँ और आँगन, <em>पारंपरिक तरीक़ों</em> से फिर सँवारे गए।</p>',
    slug: 'virasat-ka-jirnoddhar',
  },
  'Terrace Gardens': {
    name: 'छत के बगीचे',
    heading: 'आसमान में हरे कमरे',
    description: '<p>सीलन से बचाव, गमले और पौधों की ऐसी योजना जो राजस्थान की गर्मी झेल जाए।</p>',
    slug: 'chhat-ke-bagiche',
  },
  'Courtyard Landscapes': {
    name: 'आँगन के भूदृश्य',
    heading: 'पानी, छाया और पत्थर',
    description: '<p>देसी पौधे, छोटी-सी बावड़ियाँ और छायादार बैठक।</p>',
    slug: 'aangan-ke-bhudrishya',
  },
  'Vastu Home Consultation': {
    name: 'घर के लिए वास्तु परामर्श',
    heading: 'संतुलित नक़्शे',
    description: '<p>आपके नक़्शे की कमरा-दर-कमरा समीक्षा, व्यावहारिक और बन सकने वाले सुझावों के साथ।</p>',
    slug: 'ghar-ke-liye-vastu-paramarsh',
  },
  'Vastu for Offices': {
    name: 'दफ़्तरों के लिए वास्तु',
    heading: 'काम के लायक़ कार्यस्थल',
    description: '<p>प्रवेश द्वार, मेज़ें और बैठक कक्ष आराम और सहज आवाजाही के लिए रखे गए।</p>',
    slug: 'daftaron-ke-liye-vastu',
  },
  'Modular Kitchen Design': {
    name: 'मॉड्यूलर रसोई डिज़ाइन',
    heading: 'नाप से बनी रसोइयाँ',
    description:
      '<p>भारतीय खाना पकाने के हिसाब से बनावट: ऊँची अलमारियाँ, मसालों की दराज़ें और असली चिमनी।</p>',
    slug: 'modular-rasoi-design',
  },
  'Kitchen Refresh': {
    name: 'रसोई का नया रूप',
    heading: 'नए शटर, वही ढाँचा',
    description: '<p>एक हफ़्ते में शटर, काउंटर और हार्डवेयर बदलें।</p>',
    slug: 'rasoi-ka-naya-roop',
  },
};

/** The settings' visitor-facing texts in Hindi, in the order of SETTINGS_DEFAULTS. */
export const HINDI_SETTINGS = {
  tagline: 'हथकरघा कपड़े और सोच-समझकर रचे इंटीरियर, 2002 से जयपुर से',
  description:
    'विट्रीन प्राकृतिक कपड़े (सूती, लिनन, खादी, पॉपलिन, पॉलिएस्टर और सूती-लिनन) बुनता और तैयार करता है, और उन कमरों, आँगनों और रसोइयों की रचना करता है जिनमें वे बसते हैं। जयपुर के अपने स्टूडियो से हम पूरे भारत के खुदरा विक्रेताओं को कपड़ा पहुँचाते हैं और वास्तुकला, भूदृश्य और इंटीरियर की परियोजनाएँ लेते हैं।',
  address: 'प्लॉट 14, सीतापुरा औद्योगिक क्षेत्र\nटोंक रोड\nजयपुर, राजस्थान 302022\nभारत',
  servicesOffer: 'इस मौसम हर सेवा पर 10% की अतिरिक्त छूट: वास्तुकला, भूदृश्य, वास्तु परामर्श और मॉड्यूलर रसोई।',
  story:
    'विट्रीन की शुरुआत 2002 में जयपुर के एक आँगन में कुछ गड्ढा करघों से हुई। आज हमारे बुनकर, रंगरेज़ और डिज़ाइनर साथ-साथ काम करते हैं: होटल की लॉबी का कपड़ा और ख़ुद लॉबी, दोनों एक ही स्टूडियो से, एक ही बातचीत से और देखभाल के एक ही पैमाने से आते हैं।',
  journey:
    '2002 में स्थापना के बाद से हमने 1000 से ज़्यादा बुनकरों और कारीगरों को प्रशिक्षित किया है, और आज हमारे कपड़े 150 शहरों और 400 क़स्बों के 30000 खुदरा विक्रेताओं तक पहुँचते हैं। इस सफ़र में स्टूडियो कपड़ों से आगे बढ़कर वास्तुकला, भूदृश्य और इंटीरियर डिज़ाइन तक पहुँचा।',
  about:
    'हम बुनकरों, छपाई करने वालों, वास्तुकारों और इंटीरियर डिज़ाइनरों का एक परिवार हैं। हर कपड़ा प्राकृतिक रेशे से बुना जाता है और राजस्थान में हाथ से तैयार होता है; हर जगह जिसकी हम रचना करते हैं, उसकी शुरुआत उसकी सामग्री और उसमें रहने वाले लोगों से होती है।',
  heroTitle: 'हाथ से बुना। ध्यान से रचा।',
  heroSubtitle: 'हमारे जयपुर के करघों से सूती, लिनन और खादी, और उनके इर्द-गिर्द रचे इंटीरियर, आँगन और रसोइयाँ।',
  figures: [
    { label: 'स्थापना' },
    { label: 'प्रशिक्षित लोग' },
    { label: 'क़स्बे' },
    { label: 'शहर' },
    { label: 'खुदरा विक्रेता' },
  ],
  offers: [
    {
      title: '20% + 10% की छूट',
      text: 'संग्रह के हर कपड़े पर 20% की छूट, और पूछताछ फ़ॉर्म से ऑर्डर करने पर 10% की और छूट।',
    },
    {
      title: 'सेवाओं पर 10% की अतिरिक्त छूट',
      text: 'वास्तुकला, भूदृश्य, वास्तु या मॉड्यूलर रसोई का परामर्श बुक करें और 10% की अतिरिक्त छूट पाएँ।',
    },
  ],
};
