import 'reflect-metadata';
import {
  Controller,
  Delete,
  Get,
  Injectable,
  Module,
  Patch,
  Post,
  Put,
  UseInterceptors,
  type CallHandler,
  type CanActivate,
  type ExecutionContext,
  type INestApplication,
  type NestInterceptor,
} from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { map } from 'rxjs';
import request from 'supertest';
import type { AuthUser } from '../common/decorators/current-user.decorator';
import { AuditAs } from './audit-action.decorator';
import type { AuditEntry } from './audit-entry.schema';
import { AuditInterceptor } from './audit.interceptor';
import { AuditService } from './audit.service';

/** A route's own interceptor, which names what it answers as an upload would. */
class UploadInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler) {
    return next.handle().pipe(map((result: object) => ({ ...result, name: 'uploaded.webp' })));
  }
}

@Controller('things')
class ThingsController {
  @Get()
  list() {
    return [{ name: 'a thing' }];
  }
  @Get('backup')
  @AuditAs('download')
  download() {
    return 'archive';
  }
  @Post()
  @UseInterceptors(UploadInterceptor)
  create() {
    return { _id: 'new-thing' };
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
}

/** A second controller over the same handlers, as the content controllers share a base's. */
@Controller('others')
class OtherThingsController extends ThingsController {}

/** Signs every request in as an administrator, as the access guard would for a token. */
@Injectable()
class AdministratorGuard implements CanActivate {
  canActivate(context: ExecutionContext) {
    const admin: AuthUser = { id: 'admin-id', UserName: 'admin', isAdmin: true, signedInAt: 0 };
    context.switchToHttp().getRequest<{ user?: AuthUser }>().user = admin;
    return true;
  }
}

/** An app of those controllers, audited as AuditModule audits, recording into `entries`. */
async function auditedApp(entries: AuditEntry[]): Promise<INestApplication> {
  @Module({
    controllers: [ThingsController, OtherThingsController],
    providers: [
      {
        provide: AuditService,
        useValue: { record: async (entry: AuditEntry) => entries.push(entry) },
      },
      { provide: APP_GUARD, useClass: AdministratorGuard },
      { provide: APP_INTERCEPTOR, useClass: AuditInterceptor },
    ],
  })
  class ThingsModule {}
  const moduleRef = await Test.createTestingModule({ imports: [ThingsModule] }).compile();
  return moduleRef.createNestApplication({ logger: false }).setGlobalPrefix('api').init();
}

describe('AuditInterceptor', () => {
  const entries: AuditEntry[] = [];
  let app: INestApplication;

  beforeAll(async () => {
    app = await auditedApp(entries);
  });
  afterAll(() => app.close());
  beforeEach(() => {
    entries.length = 0;
  });

  it('audits every route that writes, once and outermost, and a read marked @AuditAs', async () => {
    const api = request(app.getHttpServer());
    await api.post('/api/things').expect(201);
    await api.put('/api/things/1').expect(200);
    await api.patch('/api/others/2').expect(200);
    await api.delete('/api/things/3').expect(200);
    await api.get('/api/others/backup').expect(200);
    expect(
      entries.map(({ action, method, entity, entityId }) => [action, method, entity, entityId]),
    ).toEqual([
      ['create', 'POST', 'things', 'new-thing'],
      ['update', 'PUT', 'things', '1'],
      ['update', 'PATCH', 'others', '2'],
      ['delete', 'DELETE', 'things', '3'],
      ['download', 'GET', 'others', null],
    ]);
    // Outermost: it records what the route's own interceptor made of the answer.
    expect(entries[0].itemName).toBe('uploaded.webp');
  });

  it('records no read', async () => {
    const api = request(app.getHttpServer());
    await api.get('/api/things').expect(200);
    await api.get('/api/others').expect(200);
    expect(entries).toEqual([]);
  });

  it("audits each app's writes once with two apps in the process, and after one has closed", async () => {
    const second: AuditEntry[] = [];
    const other = await auditedApp(second);
    try {
      await request(other.getHttpServer()).put('/api/things/1').expect(200);
      await request(app.getHttpServer()).put('/api/others/2').expect(200);
      expect(second.map((entry) => entry.path)).toEqual(['/api/things/1']);
      expect(entries.map((entry) => entry.path)).toEqual(['/api/others/2']);
    } finally {
      await other.close();
    }
    const third: AuditEntry[] = [];
    const another = await auditedApp(third);
    try {
      await request(another.getHttpServer()).delete('/api/things/4').expect(200);
      expect(third.map((entry) => entry.path)).toEqual(['/api/things/4']);
      expect(second).toHaveLength(1);
    } finally {
      await another.close();
    }
  });
});
