export const ENQUIRY_STATUSES = ['new', 'read', 'replied', 'archived'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];

/** Which public form an enquiry came from: the contact page or the home page call-back form. */
export const ENQUIRY_SOURCES = ['contact', 'callback'] as const;
export type EnquirySource = (typeof ENQUIRY_SOURCES)[number];

/** Every status an enquiry can have in storage: the honeypot's catches are kept as `spam`. */
export const ENQUIRY_STORED_STATUSES = [...ENQUIRY_STATUSES, 'spam'] as const;
export type EnquiryStoredStatus = (typeof ENQUIRY_STORED_STATUSES)[number];
