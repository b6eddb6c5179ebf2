import { ApiProperty } from '@nestjs/swagger';
import { ContentAnswer } from '../../content/content.dto';
import { SERVICE_FIELDS } from '../service.fields';
import { CreateServiceDto } from './create-service.dto';

export class ServiceResponse extends ContentAnswer(SERVICE_FIELDS, CreateServiceDto) {}

export class ServiceCategoryResponse {
  @ApiProperty({ example: 'Landscape' })
  ServiceCategory: string;

  @ApiProperty({ example: 3, description: 'Visible services in the category' })
  count: number;
}
