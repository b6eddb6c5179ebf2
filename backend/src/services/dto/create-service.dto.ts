import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsNotEmpty,
  IsNumber,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { sanitizeRichText } from '../../common/sanitize/rich-text';
import { booleanFromForm, numberFromForm, trimmed } from '../../common/validation/transforms';

/** Fields of a service, as multipart form fields (the image goes in `Userimg`) or JSON. */
export class CreateServiceDto {
  @ApiProperty({ example: 'Courtyard houses' })
  @Transform(trimmed)
  @IsString({ message: 'Service name must be text' })
  @IsNotEmpty({ message: 'Service name is required' })
  @MaxLength(120, { message: 'Service name must be at most 120 characters' })
  ServiceName: string;

  @ApiProperty({
    example: 'Architecture',
    description: 'One of the categories in use, a default, or a new one',
  })
  @Transform(trimmed)
  @IsString({ message: 'Category must be text' })
  @IsNotEmpty({ message: 'Category is required' })
  @MaxLength(60, { message: 'Category must be at most 60 characters' })
  ServiceCategory: string;

  @ApiPropertyOptional({ example: 25000, description: 'Value (price) in rupees' })
  @Transform(numberFromForm)
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'Value must be a number' })
  @Min(0, { message: 'Value cannot be negative' })
  @Max(1_000_000_000, { message: 'Value is too large' })
  ServicePrice?: number | null;

  @ApiPropertyOptional({ example: 'Homes built around light and air' })
  @Transform(trimmed)
  @IsOptional()
  @IsString({ message: 'Heading must be text' })
  @MaxLength(200, { message: 'Heading must be at most 200 characters' })
  ServiceHeading?: string;

  @ApiPropertyOptional({
    example: '<p>From the first sketch to the <em>last tile</em>.</p>',
    description: 'HTML; sanitised on the server',
  })
  @IsOptional()
  @IsString({ message: 'Description must be text' })
  @MaxLength(100_000, { message: 'Description is too long' })
  @Transform(({ value }) => (typeof value === 'string' ? sanitizeRichText(value) : value))
  ServiceDescription?: string;

  @ApiPropertyOptional({ example: 'Taking projects' })
  @Transform(trimmed)
  @IsOptional()
  @IsString({ message: 'Status must be text' })
  @MaxLength(60, { message: 'Status must be at most 60 characters' })
  ServiceStatus?: string;

  @ApiPropertyOptional({ example: true, default: true, description: 'Shown to visitors' })
  @Transform(booleanFromForm)
  @IsOptional()
  @IsBoolean({ message: 'published must be true or false' })
  published?: boolean;
}

/** The multipart form as Swagger shows it: the fields plus the image. */
export class ServiceForm extends CreateServiceDto {
  @ApiPropertyOptional({
    type: 'string',
    format: 'binary',
    description: 'JPEG, PNG, WebP, AVIF or GIF',
  })
  Userimg?: unknown;
}
