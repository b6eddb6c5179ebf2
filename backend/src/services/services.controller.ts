import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ContentController } from '../content/content.controller';
import { ContentRevisionsController } from '../revisions/revisions.controller';
import { CreateServiceDto, ServiceForm } from './dto/create-service.dto';
import { ServiceCategoryResponse, ServiceResponse } from './dto/service.response';
import { UpdateServiceDto, UpdateServiceForm } from './dto/update-service.dto';
import { ServicesService } from './services.service';
import type { Service } from './schemas/service.schema';

/** Services: every route is the shared content routes'; the image in `Userimg`. */
@ApiTags('services')
@Controller('service')
export class ServicesController extends ContentController<Service>({
  label: 'Service',
  listDescription: 'Visitors see published services',
  singlePath: 'singleservice',
  singleParam: 'servicename',
  response: ServiceResponse,
  categoryResponse: ServiceCategoryResponse,
  createDto: CreateServiceDto,
  updateDto: UpdateServiceDto,
  createForm: ServiceForm,
  updateForm: UpdateServiceForm,
  imageField: 'Userimg',
}) {
  constructor(protected readonly content: ServicesService) {
    super();
  }
}

/** A service's history: its earlier versions, and the restore of one (RevisionsService). */
export const ServiceRevisionsController = ContentRevisionsController({
  entity: 'service',
  label: 'Service',
  path: 'service',
  tag: 'services',
  response: ServiceResponse,
});
