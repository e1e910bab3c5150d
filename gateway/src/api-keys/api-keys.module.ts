import { Module } from '@nestjs/common';
import { SessionModule } from '../session/session.module';
import { ApiKeysController } from './api-keys.controller';

@Module({ imports: [SessionModule], controllers: [ApiKeysController] })
export class ApiKeysModule {}
