import { PartialType } from '@nestjs/swagger';
import { NULL_IS_A_VALUE } from '../../common/validation/fields';
import { CreateServiceDto } from './create-service.dto';

export class UpdateServiceDto extends PartialType(CreateServiceDto, NULL_IS_A_VALUE) {}
