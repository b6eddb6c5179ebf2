import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { listQuery, readPage, type ListQueryDto, type Page } from '../common/http/list-query';
import { AuditEntry } from './audit-entry.schema';

@Injectable()
export class AuditService {
  constructor(@InjectModel(AuditEntry.name) private readonly entries: Model<AuditEntry>) {}

  async record(entry: AuditEntry): Promise<void> {
    await this.entries.create(entry);
  }

  async list(query: ListQueryDto): Promise<Page<AuditEntry>> {
    const { filter, sort, skip, limit } = listQuery<AuditEntry>(query, {
      sortable: ['createdAt', 'entity', 'actorName', 'action', 'itemName'],
      searchable: ['entity', 'actorName', 'itemName', 'path'],
      defaultSort: '-createdAt',
      categoryField: 'entity',
    });
    return readPage(
      { skip, limit },
      (window) =>
        this.entries.find(filter).sort(sort).skip(skip).limit(window).lean<AuditEntry[]>().exec(),
      () => this.entries.countDocuments(filter).exec(),
    );
  }
}
