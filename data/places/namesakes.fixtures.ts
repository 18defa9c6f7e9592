/** Towns of one name, for the tests of places, imports and exports. */
/** GeoNames ids of the namesakes. */
export const NAMESAKES = {
  springfieldIL: 4250542,
  springfieldMO: 4409896,
  portlandOR: 5746545,
  portlandME: 4975802,
  parisFR: 2988507,
  parisTX: 4717560,
  cordobaAR: 3860259,
  cordobaES: 2519240,
};
/** A spot in each (a few kilometres from the centre, as a business would be). */
export const SPOTS = {
  springfieldIL: { latitude: 39.7817, longitude: -89.6501 },
  springfieldMO: { latitude: 37.2089, longitude: -93.2923 },
  portlandOR: { latitude: 45.5152, longitude: -122.6784 },
  portlandME: { latitude: 43.6591, longitude: -70.2568 },
  parisFR: { latitude: 48.8606, longitude: 2.3376 },
  parisTX: { latitude: 33.6609, longitude: -95.5555 },
  cordobaAR: { latitude: -31.4201, longitude: -64.1888 },
  cordobaES: { latitude: 37.8882, longitude: -4.7794 },
};
