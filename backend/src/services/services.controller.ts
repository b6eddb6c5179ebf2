import { ContentController } from '../content/content.controller';
import { CreateServiceDto } from './dto/create-service.dto';
import { ServiceCategoryResponse, ServiceResponse } from './dto/service.response';
import { UpdateServiceDto } from './dto/update-service.dto';
import { ServicesService } from './services.service';
import type { Service } from './schemas/service.schema';

/** Services, at /api/service: every route is the shared content routes'. */
export class ServicesController extends ContentController<Service>({
  service: ServicesService,
  path: 'service',
  tag: 'services',
  label: 'Service',
  itemName: 'ServiceName',
  singlePath: 'singleservice',
  response: ServiceResponse,
  categoryResponse: ServiceCategoryResponse,
  createDto: CreateServiceDto,
  updateDto: UpdateServiceDto,
}) {}
