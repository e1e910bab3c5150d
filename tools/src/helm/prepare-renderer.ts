// `npm test` starts this in the background while it builds: on a new machine, installing Go's
// Debian packages for the chart renderer took most of the 133 s the checks of deploy/ took.
import { prepareChartRenderer } from './render-chart';

prepareChartRenderer().then(
  (renderer) => console.log(`[helm] chart renderer ready: ${renderer}`),
  (error: unknown) => {
    console.error(`[helm] ${(error as Error).message}`);
    process.exitCode = 1;
  },
);
