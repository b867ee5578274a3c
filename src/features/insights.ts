/** Insights: Show Insights picks a report and charts it in a panel of its own. */
import { registerShowInsights } from '../commands/showInsights';
import { Disposable } from '../models/disposable';
import { InsightsModel } from '../models/insightsModel';
import type { Shared } from '../services/shared';

export type InsightsDeps = Pick<Shared, 'client' | 'log' | 'auth' | 'extensionUri'>;

export class InsightsFeature extends Disposable {
  constructor({ client, log, auth, extensionUri }: InsightsDeps) {
    super();
    this.registerAll(registerShowInsights({ insights: new InsightsModel(client), log, auth, extensionUri }));
  }
}
