import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { contentOptionsOf } from '../content/content-fields';
import { ContentService } from '../content/content.service';
import type { AuthUser } from '../common/decorators/current-user.decorator';
import { MediaService, type UploadedImage } from '../media/media.service';
import type { CreateServiceDto } from './dto/create-service.dto';
import type { ServiceCategoryResponse } from './dto/service.response';
import type { UpdateServiceDto } from './dto/update-service.dto';
import { SERVICE_FIELDS } from './service.fields';
import { Service } from './schemas/service.schema';

@Injectable()
export class ServicesService extends ContentService<Service> {
  constructor(@InjectModel(Service.name) model: Model<Service>, media: MediaService) {
    super(model, media, {
      ...contentOptionsOf(SERVICE_FIELDS),
      searchable: ['ServiceName', 'ServiceHeading'],
      defaultSort: 'order',
      ordered: {},
    });
  }

  create(dto: CreateServiceDto, file?: UploadedImage) {
    return this.createWith(dto, file);
  }

  update(id: string, dto: UpdateServiceDto, file?: UploadedImage) {
    return this.updateWith(id, dto, file);
  }

  async categories(viewer?: AuthUser, locale?: string): Promise<ServiceCategoryResponse[]> {
    const groups = await this.groupsOf('ServiceCategory', 'ServiceImage', viewer, locale);
    return groups.map((group) => ({
      ServiceCategory: group.translated || group._id,
      count: group.count,
    }));
  }
}
