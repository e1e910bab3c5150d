import { Module } from '@nestjs/common';
import { GoogleIdTokens } from './google-id-tokens';
import { GoogleSignInController } from './google-sign-in.controller';
import { GoogleSignInService } from './google-sign-in.service';

@Module({ controllers: [GoogleSignInController], providers: [GoogleIdTokens, GoogleSignInService] })
export class GoogleModule {}
