import type { components } from '../generated/schema';

/** Shorter names for the API's schemas, as the front ends use them. */
export type Schemas = components['schemas'];
export type User = Schemas['UserResponse'];
export type Product = Schemas['ProductResponse'];
export type ProductCategory = Schemas['ProductCategoryResponse'];
export type Service = Schemas['ServiceResponse'];
export type ServiceCategory = Schemas['ServiceCategoryResponse'];
export type Review = Schemas['ReviewResponse'];
export type Media = Schemas['Media'];
export type MediaVariant = Schemas['MediaVariant'];
export type Enquiry = Schemas['EnquiryResponse'];
export type EnquiryDetail = Schemas['EnquiryDetailResponse'];
export type NewEnquiry = Schemas['CreateEnquiryDto'];
export type GalleryImage = Schemas['GalleryImageResponse'];
export type SiteSettings = Schemas['SettingsResponse'];
export type AuditEntry = Schemas['AuditEntryResponse'];
export type TrashEntry = Schemas['TrashEntryResponse'];
export type RestoredItem = Schemas['RestoredItemResponse'];
export type Revision = Schemas['RevisionResponse'];
export type FieldChange = Schemas['FieldChange'];
export type Backup = Schemas['BackupResponse'];
export type Preview = Schemas['PreviewResponse'];
export type PreviewLink = Schemas['PreviewLinkResponse'];
export type Photo = Schemas['PhotoResponse'];
export type PhotoInput = Schemas['PhotoInput'];
export type MediaItem = Schemas['MediaItemResponse'];
export type MediaUse = Schemas['MediaUseResponse'];
