import { Module } from '@nestjs/common';
import { LiveModule } from '../live/live.module';
import { McpController } from './mcp.controller';

@Module({ imports: [LiveModule], controllers: [McpController] })
export class McpModule {}
