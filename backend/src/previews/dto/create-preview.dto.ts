import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsMongoId, IsObject, IsOptional } from 'class-validator';
import type { PreviewType } from '../schemas/preview.schema';

export class CreatePreviewDto {
  @ApiProperty({ enum: ['product', 'service'], example: 'product' })
  @IsIn(['product', 'service'], { message: 'type must be product or service' })
  type: PreviewType;

  @ApiPropertyOptional({
    example: '665f1c2e8b3e4a0012345678',
    description: 'The item being edited; left out while adding one',
  })
  @IsOptional()
  @IsMongoId({ message: 'id must be an item id' })
  id?: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    example: { ProductName: 'Sky Blue Poplin', ProductPrice: 1450 },
    description:
      'The unsaved fields, by the same names and rules as an update of that type (validated and sanitised the same way); the rest come from the stored item',
  })
  @IsObject({ message: 'fields must be an object of the item’s fields' })
  fields: Record<string, unknown>;
}
