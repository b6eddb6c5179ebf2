import 'reflect-metadata';
import { Controller, Delete, Get, Patch, Post, Put, UseInterceptors } from '@nestjs/common';
import { INTERCEPTORS_METADATA } from '@nestjs/common/constants';
import { DiscoveryModule } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { AuditAs } from './audit-action.decorator';
import { AuditInterceptor } from './audit.interceptor';
import { auditWriteRoutes } from './audited-routes';

class UploadInterceptor {
  intercept() {
    return undefined;
  }
}

@Controller('things')
class ThingsController {
  @Get()
  list() {
    return [];
  }
  @Get('backup')
  @AuditAs('download')
  download() {
    return 'archive';
  }
  @Post()
  @UseInterceptors(UploadInterceptor)
  create() {
    return {};
  }
  @Put(':id')
  update() {
    return {};
  }
  @Patch(':id')
  patch() {
    return {};
  }
  @Delete(':id')
  remove() {
    return undefined;
  }
  /** Not a route. */
  helper() {
    return undefined;
  }
}

/** A second controller over the same handlers, as the content controllers share a base's. */
@Controller('others')
class OtherThingsController extends ThingsController {}

/** An app of those controllers whose AuditInterceptor is `interceptor`, its routes audited. */
async function auditedApp(interceptor: AuditInterceptor): Promise<void> {
  const moduleRef = await Test.createTestingModule({
    imports: [DiscoveryModule],
    controllers: [ThingsController, OtherThingsController],
    providers: [{ provide: AuditInterceptor, useValue: interceptor }],
  }).compile();
  auditWriteRoutes(moduleRef.createNestApplication());
}

describe('auditWriteRoutes', () => {
  const interceptor = Object.create(AuditInterceptor.prototype) as AuditInterceptor;
  const interceptorsOf = (name: keyof ThingsController) =>
    Reflect.getMetadata(INTERCEPTORS_METADATA, ThingsController.prototype[name]) as
      unknown[] | undefined;

  beforeAll(() => auditedApp(interceptor));

  it('audits every route that writes, once and outermost, and a read marked @AuditAs', () => {
    for (const name of ['update', 'patch', 'remove', 'download'] as const)
      expect(interceptorsOf(name)).toEqual([interceptor]);
    expect(interceptorsOf('create')).toEqual([interceptor, UploadInterceptor]);
  });

  it('leaves reads and methods that are not routes without the audit layer', () => {
    expect(interceptorsOf('list')).toBeUndefined();
    expect(interceptorsOf('helper')).toBeUndefined();
  });

  it("puts a second app's interceptor in place of the first's, so its writes are audited once", async () => {
    const second = Object.create(AuditInterceptor.prototype) as AuditInterceptor;
    await auditedApp(second);
    expect(interceptorsOf('update')).toEqual([second]);
    expect(interceptorsOf('create')).toEqual([second, UploadInterceptor]);
    await auditedApp(interceptor);
  });
});
