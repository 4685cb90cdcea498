/**
 * The coordinates part of the office and organisation forms (issue 4: coordinates chosen on a map
 * or from the address): a small map where a click sets the form's latitude and longitude (6
 * decimals) and shows a marker that follows the typed fields, and — only when the server has a
 * geocoder (GEOCODER-STATUS) — "Find from the address", which looks the form's address up and
 * takes the best match. Without WebGL, or when the map cannot load, the fields are typed as before.
 */
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from '../i18n/translator';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import TravelExploreIcon from '@mui/icons-material/TravelExplore';
import { useErrorText } from '../api/use-error-text';
import { geocodeAddress, useGeocoderConfigured, type GeocodeArea } from '../geocoding/api';
import { Loading } from '../components/Loading';
import { canUseWebgl } from '../map/basemap-style';
import { addressQuery, parseLatLng, pickedValues, type LatLng } from '../map/coordinates';
import { MapBoundary } from '../map/MapBoundary';

const CoordinateMap = lazy(() => import('../map/CoordinateMap'));

/** Height of the picker map, px. */
const MAP_HEIGHT = 240;

export interface CoordinatesFieldProps {
  /** Every value of the form (latitude, longitude and the address fields are read). */
  values: Record<string, unknown>;
  /** Writes latitude and longitude (text, 6 decimals). */
  onChange: (v: { latitude: string; longitude: string }) => void;
  /** Whose geocode call looks the address up (client or admin console); none = no address lookup. */
  geocode?: GeocodeArea | undefined;
  testId: string;
}

/** The map picker (and address lookup) writing a form's latitude and longitude; see the file comment. */
export function CoordinatesField({ values, onChange, geocode, testId }: CoordinatesFieldProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const geocoder = useGeocoderConfigured(geocode);
  const [lookup, setLookup] = useState<{ busy: boolean; ok?: boolean; text?: string }>({ busy: false });
  const point = parseLatLng(values.latitude, values.longitude);
  const pick = (p: LatLng) => onChange(pickedValues(p));

  const findFromAddress = async () => {
    const address = addressQuery(values);
    if (!address) {
      setLookup({ busy: false, ok: false, text: t('management.map.addressMissing') });
      return;
    }
    setLookup({ busy: true });
    try {
      const body = await geocodeAddress(geocode ?? 'client', address);
      const best = body.results?.[0];
      if (!best) {
        setLookup({ busy: false, ok: false, text: t('management.map.notFound') });
        return;
      }
      pick({ lat: best.Latitude, lng: best.Longitude });
      setLookup({ busy: false, ok: true, text: t('management.map.found', { place: best.DisplayName }) });
    } catch (e) {
      setLookup({ busy: false, ok: false, text: errorText(e) });
    }
  };

  const fallback = (
    <Alert severity="warning" data-testid={`${testId}-fallback`}>
      {t('map.loadFailed')}
    </Alert>
  );
  return (
    <Stack sx={{ gap: 1 }} data-testid={testId}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap', minHeight: 32 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          {t('management.map.hint')}
        </Typography>
        {geocoder && (
          <Button
            size="small"
            startIcon={<TravelExploreIcon />}
            onClick={() => void findFromAddress()}
            disabled={lookup.busy}
            data-testid={`${testId}-geocode`}
          >
            {t('management.map.fromAddress')}
          </Button>
        )}
      </Stack>
      {lookup.text && (
        <Alert severity={lookup.ok ? 'success' : 'warning'} onClose={() => setLookup({ busy: false })} data-testid={`${testId}-lookup`}>
          {lookup.text}
        </Alert>
      )}
      <Box sx={{ height: MAP_HEIGHT, position: 'relative', border: 1, borderColor: 'divider', borderRadius: 1 }}>
        {canUseWebgl() ? (
          <MapBoundary fallback={fallback}>
            <Suspense fallback={<Loading />}>
              <CoordinateMap value={point} onPick={pick} testId={`${testId}-map`} label={t('management.map.label')} />
            </Suspense>
          </MapBoundary>
        ) : (
          <Alert severity="info" data-testid={`${testId}-fallback`}>
            {t('map.noWebgl')}
          </Alert>
        )}
      </Box>
    </Stack>
  );
}
