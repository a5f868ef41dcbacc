/**
 * The Nest side of the example: a controller with a guard, a pipe and an
 * injected service, as any Nest project has them.
 */
import 'reflect-metadata'
import type { CanActivate, ExecutionContext } from '@nestjs/common'
import { Controller, Get, Inject, Injectable, Module, Param, ParseIntPipe, UseGuards } from '@nestjs/common'

@Injectable()
export class UsersService {
  readonly #names = ['ada', 'grace', 'barbara']
  find(id: number): string | undefined {
    return this.#names[id]
  }
}

/** Admin routes need `Authorization: Bearer admin`. */
@Injectable()
export class AdminGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    return context.switchToHttp().getRequest<{ headers: Record<string, string | undefined> }>().headers.authorization === 'Bearer admin'
  }
}

@Controller('users')
export class UsersController {
  // `@Inject` names the token, so this also runs where no decorator metadata
  // is emitted (tsx/esbuild); with tsc + emitDecoratorMetadata it may be omitted.
  constructor(@Inject(UsersService) private readonly users: UsersService) {}

  @Get(':id')
  one(@Param('id', ParseIntPipe) id: number): { id: number; name: string | undefined } {
    return { id, name: this.users.find(id) }
  }

  @Get('admin/stats')
  @UseGuards(AdminGuard)
  stats(): { count: number } {
    return { count: 3 }
  }
}

@Module({ controllers: [UsersController], providers: [UsersService] })
export class UsersModule {}

@Module({})
export class AppModule {}
