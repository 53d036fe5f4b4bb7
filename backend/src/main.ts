import { Logger } from '@nestjs/common';
import { ConfigError, loadConfig } from './common/config/load-config';
import { createApp } from './bootstrap';
import { stopOnSignals } from './graceful-shutdown';

async function main(): Promise<void> {
  const config = loadConfig();
  const { app } = await createApp(config);
  stopOnSignals(app);
  await app.listen({ port: config.port, host: '0.0.0.0' });
  new Logger('Papan').log(`Papan is running on http://localhost:${config.port}`);
}

main().catch((err: unknown) => {
  // One clear line, no stack trace, for the errors a person starting the server can fix.
  const message =
    err instanceof ConfigError || /DATA_DIR/.test(String((err as Error)?.message))
      ? (err as Error).message
      : `Papan failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`;
  console.error(message);
  process.exit(1);
});
