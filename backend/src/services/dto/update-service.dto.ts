import { PartialType } from '@nestjs/swagger';
import { CreateServiceDto, ServiceForm } from './create-service.dto';

export class UpdateServiceDto extends PartialType(CreateServiceDto) {}

export class UpdateServiceForm extends PartialType(ServiceForm) {}
