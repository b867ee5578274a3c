/** The webview page builders that are called synchronously, loading dist/render.js on first call. */
import { renderModule, type RenderModule } from './loadRender';

export const insightsPage: RenderModule['insightsPage'] = (...args) => renderModule().insightsPage(...args);
export const makeNonce: RenderModule['makeNonce'] = (...args) => renderModule().makeNonce(...args);
