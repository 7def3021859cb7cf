/** The segments' addresses (the Audience page's tab and the builder). */
export const SEGMENTS_PATH = '/user/campanas/audiencia?tab=segmentos';
export const segmentPath = (id: string) => `/user/campanas/audiencia/segmentos/${id}`;
/** The builder's address for a new segment. */
export const NEW_SEGMENT = 'nuevo';
