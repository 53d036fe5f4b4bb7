import { Global, Module, type DynamicModule } from '@nestjs/common';
import { UPLOADS_DIR, UploadsService } from './uploads.service';

@Global()
@Module({})
export class UploadsModule {
  static forRoot(dir: string): DynamicModule {
    return {
      module: UploadsModule,
      providers: [{ provide: UPLOADS_DIR, useValue: dir }, UploadsService],
      exports: [UploadsService],
    };
  }
}
