<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" tiledversion="1.8.2" name="hills" tilewidth="64" tileheight="55" tilecount="3" columns="0">
 <grid orientation="orthogonal" width="1" height="1"/>
 <tile id="0" type="hill 1">
  <image width="64" height="55" source="tiles/hill1.png"/>
 </tile>
 <tile id="1">
  <properties>
   <property name="level" type="int" value="2"/>
  </properties>
  <image width="64" height="55" source="tiles/hill2.png"/>
 </tile>
 <tile id="2">
  <properties>
   <property name="elevation" type="int" value="3"/>
   <property name="woods" type="bool" value="true"/>
  </properties>
  <image width="64" height="55" source="tiles/hill3.png"/>
 </tile>
</tileset>
