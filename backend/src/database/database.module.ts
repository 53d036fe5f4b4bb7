import { Global, Inject, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import type { DatabaseHandle } from './database';

export const DATABASE = Symbol('DATABASE');
export const DATABASE_HANDLE = Symbol('DATABASE_HANDLE');
/** Background work's own connections (see DatabaseHandle.background). */
export const BACKGROUND_DATABASE = Symbol('BACKGROUND_DATABASE');

class DatabaseLifecycle implements OnApplicationShutdown {
  constructor(@Inject(DATABASE_HANDLE) private readonly handle: DatabaseHandle) {}
  async onApplicationShutdown(): Promise<void> {
    await this.handle.close();
  }
}

/** Provides the Drizzle database opened before the Nest app starts (migrations already applied). */
@Global()
@Module({})
export class DatabaseModule {
  static forRoot(handle: DatabaseHandle): DynamicModule {
    return {
      module: DatabaseModule,
      providers: [
        { provide: DATABASE_HANDLE, useValue: handle },
        { provide: DATABASE, useValue: handle.db },
        { provide: BACKGROUND_DATABASE, useValue: handle.background },
        DatabaseLifecycle,
      ],
      exports: [DATABASE, DATABASE_HANDLE, BACKGROUND_DATABASE],
    };
  }
}
