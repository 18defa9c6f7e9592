# Sourced by the ensure-*.sh scripts: `apt_install <package> <what it is for>` installs a Debian
# package when this runs as root with apt-get, quietly; it fails (status 1) where it cannot.
apt_install() {
  [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null || return 1
  echo "Installing Debian's $1 $2..."
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends -o Dpkg::Options::=--force-confold "$1" >/dev/null
}
