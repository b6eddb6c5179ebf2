import { ContentBody } from '../../content/content.dto';
import { SERVICE_FIELDS } from '../service.fields';

/** Fields of a service, as multipart form fields (the image goes in `Userimg`) or JSON. */
export class CreateServiceDto extends ContentBody(SERVICE_FIELDS) {}
